// Time for the logic that waits (debounce, reconnect backoff): the real one in VS Code, a fake one in tests.

export type TimerHandle = { readonly id: unknown };

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => ({ id: setTimeout(callback, ms) }),
  clearTimeout: (handle) => clearTimeout(handle.id as ReturnType<typeof setTimeout>),
};
