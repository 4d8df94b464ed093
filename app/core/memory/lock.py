"""The memory's inter-process lock: the app's folder lock (`app.core.dir_lock`), named here for the memory's modules."""

from app.core.dir_lock import LOCK_NAME, LockTimeout, folder_lock

__all__ = ["LOCK_NAME", "LockTimeout", "folder_lock"]
