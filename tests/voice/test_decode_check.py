"""The check that a decode helped by hotwords or a prompt keeps every word the plain decode heard."""

from __future__ import annotations

import pytest

from app.voice.decode_check import hotword_names, keeps_content, kept_text, spoken_words, without_echo

HOTWORDS = ["fetch_exchange_rates", "RateCache", "PaymentGateway", "KafkaConsumerGroup"]


@pytest.mark.parametrize(
    "plain, helped",
    [
        # The example: the hotword decode lost the first four words.
        ("Read fetch exchange rates and tell me what the rate cash holds.", "and tell me what the RateCache goes."),
        # Identifier first, then the rest lost.
        ("Payment gateway times out on Mondays.", "PaymentGateway."),
        # A span lost in the middle.
        ("Run the tests in the payments folder and show the failures.", "Run the tests and show the failures."),
        # The end lost.
        ("Why is the build red this morning?", "Why is the"),
        # A hotword invented where nothing was heard, or beside what was heard.
        ("", "PaymentGateway"),
        ("Why is the build red?", "Why is the build red? PaymentGateway"),
    ],
)
def test_a_helped_decode_that_loses_or_invents_words_is_rejected(plain: str, helped: str) -> None:
    verdict = keeps_content(plain, helped, HOTWORDS)
    assert not verdict.accepted, verdict
    assert verdict.reason


@pytest.mark.parametrize(
    "plain, helped",
    [
        (
            "Read fair catch change rates and tell me what the rate cash holds.",
            "Read fetch-exchange rates and tell me what the RateCache holds.",
        ),
        ("That catch change rate is low.", "fetch_exchange_rates is low"),  # identifier first
        ("Hey man, it's gay, it's gay.", "PaymentGateway"),  # alone: the plain decode was nonsense of that length
        ("Who owns the kafka consumer group?", "Who owns the KafkaConsumerGroup?"),  # last
        ("Why is the build red?", "Why is the build red?"),
        ("", ""),
    ],
)
def test_a_helped_decode_that_puts_names_right_is_kept(plain: str, helped: str) -> None:
    verdict = keeps_content(plain, helped, HOTWORDS)
    assert verdict.accepted, verdict


def test_a_decode_that_reads_words_differently_is_flagged_for_the_likelier_choice() -> None:
    verdict = keeps_content("Why is the build red?", "Why is the real thread?", HOTWORDS)
    assert verdict.accepted and verdict.reworded == 2


def test_identifiers_and_spoken_words_compare_alike() -> None:
    assert spoken_words("The RateCache's fetch_exchange_rates, HTTP2-client") == [
        "the",
        "rate",
        "cache",
        "fetch",
        "exchange",
        "rates",
        "http",
        "2",
        "client",
    ]


def test_what_tiny_en_really_did_is_judged_right() -> None:
    """Pairs of decodes tiny.en made of espeak-ng questions in the bench."""
    ran_together = keeps_content("Apply this come true", "applyDiscountrules", ["applyDiscountRules"])
    assert ran_together.accepted, ran_together  # the hotword spelled, run together
    store = keeps_content(
        "Does the session tokens to direct higher tokens?",
        "Does the session token store expired tokens?",
        ["SessionTokenStore"],
    )
    assert store.accepted and store.reworded, store  # a reading, not an invention: the likelier one wins
    first_word = keeps_content(
        "Send reminder email is called twice. Can you check?", "and reminder email is called twice, can you check?"
    )
    assert not first_word.accepted, first_word  # one word lost at the start is a dropped span
    middle = keeps_content(
        "Run the tests in the payments folder now and show me.", "Run the tests in the folder now and show me."
    )
    assert middle.accepted, middle  # one word in the middle of a long question is a misreading, not a span


@pytest.mark.parametrize(
    "plain, helped, kept",
    [
        # The example: the lost words come from the plain decode, the name from the helped one.
        (
            "Read fetch exchange rates and tell me what the rate cash holds.",
            "and tell me what the RateCache goes.",
            "Read fetch exchange rates and tell me what the RateCache goes.",
        ),
        # The words beside a name come with it: the plain decode's word breaks were off there.
        ("That can't rate this low.", "Fetch exchange rates is slow.", "fetch_exchange_rates is slow."),
        # Ordinary words the hotwords pulled elsewhere (tiny.en on espeak's "Why is the build red?").
        ("Why is the build red?", "Wise the build red", "Why is the build red?"),
        ("Why is the build red?", "Why is the real thread?", "Why is the build red?"),
        # Names first, last and alone are taken.
        ("That catch change rate is low.", "fetch_exchange_rates is low", "fetch_exchange_rates is low."),
        ("Who owns the kafka consumer grip?", "Who owns the KafkaConsumerGroup?", "Who owns the KafkaConsumerGroup?"),
        ("Hey man, it's gay, it's gay.", "PaymentGateway", "PaymentGateway."),
        (
            "Does the session tokens to direct higher tokens?",
            "Does the session token store expired tokens?",
            "Does the SessionTokenStore expired tokens?",
        ),
        # A hotword half run together: every word of it kept ("use Totals Call" lost "cart").
        ("Where is use card total card?", "Where is usecart Totals Call", "Where is useCartTotals Call?"),
        # A name where nothing was heard, or standing for a long stretch, is not taken.
        ("Why is the build red?", "Why is the build red? PaymentGateway", "Why is the build red?"),
        (
            "Run the tests in the payments folder and show the failures.",
            "Run the PaymentGateway failures.",
            "Run the tests in the payments folder and show the failures.",
        ),
        ("", "PaymentGateway", ""),
    ],
)
def test_the_kept_text_changes_the_plain_decode_only_where_a_name_is_said(plain: str, helped: str, kept: str) -> None:
    assert kept_text(plain, helped, [*HOTWORDS, "SessionTokenStore", "useCartTotals"]) == kept


@pytest.mark.parametrize(
    "plain, helped, kept",
    [
        # The helped decode says the name near its spelling (bench misses before the check read
        # them as names): a small mishearing, a plural or singular, the name's words apart.
        (
            "Does the session tokens or if I are tokens?",
            "Does the session token storex hire tokens?",
            "Does the SessionTokenStore hire tokens?",
        ),
        (
            "Check change rate time out on Monday.",
            "fetch-exchange-rate time out on Monday",
            "fetch_exchange_rates time out on Monday.",
        ),
        # A name's word Whisper wrote as the letter it heard ("Q" for "queue").
        (
            "Dispatch Q-drop, stop under load, why?",
            "Dispatch queue drop Stop under load, why?",
            "DispatchQueue-drop, stop under load, why?",
        ),
    ],
)
def test_a_name_the_helped_decode_says_near_its_spelling_is_taken(plain: str, helped: str, kept: str) -> None:
    names = ["SessionTokenStore", "fetch_exchange_rates", "DispatchQueue"]
    assert kept_text(plain, helped, names) == kept
    # Ordinary words near no name stay the plain decode's.
    assert kept_text("Why is the build red?", "Why is the real thread?", names) == "Why is the build red?"


def test_the_names_of_hotwords_said_as_words_are_read_back_whole() -> None:
    """The vocabulary gives Whisper "rate cache, fetch exchange rates": each phrase is one name."""
    names = hotword_names("rate cache, fetch exchange rates, payment gateway")
    assert names == ["rate-cache", "fetch-exchange-rates", "payment-gateway"]
    assert hotword_names("") == [] and hotword_names(" , ") == []
    # A helped decode saying a name's words puts it in place of what the plain decode misheard.
    assert kept_text("What does the rate cash hold?", "What does the rate cache hold?", names) == (
        "What does the rate-cache hold?"
    )
    # The name's words are taken together, as a name's one token is: "dispatch queue" for "Dispatch Q".
    names = hotword_names("dispatch queue, rate cache")
    assert kept_text("Dispatch Q-drop, stop under load, why?", "dispatch queue drop, stop under load, why?", names) == (
        "dispatch-queue-drop, stop under load, why?"
    )
    # Its words said one by one elsewhere are no name: "rate" alone is an ordinary word.
    assert kept_text("What is the rate now?", "What is the rate cache now?", names) == "What is the rate now?"


@pytest.mark.parametrize(
    "plain, helped, kept",
    [
        # Seen in the bench: names said as words primed Whisper to say the question twice.
        ("Apply this come through.", "apply discount rules, apply discount rules", "apply-discount-rules."),
        ("Run the tests.", "Run the tests Run the tests", "Run the tests."),
        ("customer account service", "Customer Account Service Customer Account Service", "customer account service"),
        # Said twice in the plain decode too: the speaker said it twice.
        ("Run the tests, run the tests.", "Run the tests Run the tests", "Run the tests, run the tests."),
    ],
)
def test_a_helped_decode_that_says_its_end_twice_is_read_once(plain: str, helped: str, kept: str) -> None:
    assert kept_text(plain, helped, ["apply-discount-rules", "CustomerAccountService"]) == kept


def test_only_a_run_of_words_at_the_end_said_twice_is_an_echo() -> None:
    assert without_echo("It is very very slow", ["it", "is", "very", "slow"], []) == "It is very very slow"
    assert without_echo("run the tests and run the tests now", [], []) == "run the tests and run the tests now"
    assert without_echo("Rate cache, rate cache.", [], []) == "Rate cache"


def test_a_snake_case_hotword_given_with_hyphens_is_taken_as_written() -> None:
    """The vocabulary gives Whisper `fetch_exchange_rates` as fetch-exchange-rates (it rarely writes `_`)."""
    kept = kept_text("Read their catch change rates now.", "Read fetch-exchange-rates now.", ["fetch-exchange-rates"])
    # The word both decodes heard stays the plain decode's token; snapping joins the run into the name.
    assert spoken_words(kept) == ["read", "fetch", "exchange", "rates", "now"], kept
    assert keeps_content(
        "Read their catch change rates now.", "Read fetch-exchange-rates now.", ["fetch-exchange-rates"]
    ).accepted


def test_a_name_written_in_the_prompt_counts_as_a_name() -> None:
    plain, helped = "Then the rate cash empties.", "Then the RateCache empties."
    assert kept_text(plain, helped) == plain  # no names: nothing to take
    assert kept_text(plain, helped, prompt="I was reading RateCache.") == helped


@pytest.mark.parametrize(
    "plain, helped, kept",
    [
        # Seen end to end: the plain decode lost the start the helped one heard.
        (
            "and tell me what failed.",
            "Run the build and tell me what failed.",
            "Run the build and tell me what failed.",
        ),
        # Lost in the middle.
        (
            "Run the tests and show the failures.",
            "Run the tests in the payments folder and show the failures.",
            "Run the tests in the payments folder and show the failures.",
        ),
        # With a name put right beside it.
        (
            "and tell me what the rate cash holds.",
            "Read the logs and tell me what the RateCache holds.",
            "Read the logs and tell me what the RateCache holds.",
        ),
    ],
)
def test_words_the_plain_decode_dropped_are_taken_from_the_helped_one(plain: str, helped: str, kept: str) -> None:
    assert kept_text(plain, helped, HOTWORDS) == kept


@pytest.mark.parametrize(
    "plain, helped, prompt",
    [
        ("Why is the build red?", "Why is the build red? Thank you for watching.", ""),  # a stock ending
        ("Why is the build red?", "PaymentGateway why is the build red?", ""),  # a name where nothing was heard
        # The prompt said again.
        ("and tell me what failed.", "Please read the logs and tell me what failed.", "Please read the logs"),
        ("and tell me what failed.", "So, and then tell me what failed.", ""),  # no content
    ],
)
def test_words_only_the_helped_decode_has_are_not_taken_when_they_are_likelier_invented(
    plain: str, helped: str, prompt: str
) -> None:
    assert kept_text(plain, helped, HOTWORDS, prompt) == plain
