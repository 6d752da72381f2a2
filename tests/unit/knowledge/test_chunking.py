"""chunk_document: the hard invariants on every real document, the gate, section labels, sentences, overlap."""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import textwrap
from pathlib import Path

import pytest

from domains.knowledge.ingestion.chunking import ChunkDraft, chunk_document
from domains.knowledge.ingestion.chunking.sections import plan_sections
from domains.knowledge.ingestion.chunking.sentences import sentence_starts
from domains.knowledge.ingestion.parsing import ParsedDocument, parse_document
from domains.knowledge.ingestion.parsing.pdf_tables import PageTables, append_tables
from domains.knowledge.ingestion.parsing.text import paragraph_blocks
from packages.core.text import has_visible_text, is_invisible

from .test_parsers import FIXTURES, SHARED_PDFS

TARGET, MAXIMUM, OVERLAP = 1000, 2000, 150
_ENDS_SENTENCE = re.compile(r"[.!?…][\"'”’»)\]]*$")
_ITEM_MARKER = re.compile(r"[•◦▪▫‣∙●○■□►▸✓✔➢–—*+!-]\s|\(?\w{1,5}[.)]\s|\[\d{1,3}\]\s")

_parsed_pdfs: dict[str, ParsedDocument] = {}


def parsed_pdf(shared_data: Path, name: str) -> ParsedDocument:
    if name not in _parsed_pdfs:
        _parsed_pdfs[name] = parse_document((shared_data / "pdfs" / name).read_bytes(), name)
    return _parsed_pdfs[name]


def parsed_fixture(name: str) -> ParsedDocument:
    return parse_document((FIXTURES / name).read_bytes(), name)


def starts_sentence(text: str, position: int) -> bool:
    """Judge independently of the chunker whether a sentence, paragraph or list item starts here."""
    before = text[:position]
    if not before.strip() or before.endswith("\n\n"):
        return True
    if _ENDS_SENTENCE.search(before.rstrip()):
        return True
    return before.endswith("\n") and _ITEM_MARKER.match(text, position) is not None


def assert_chunk_invariants(parsed: ParsedDocument, chunks: list[ChunkDraft], maximum: int = MAXIMUM) -> None:
    text = parsed.text
    sections = plan_sections(parsed).sections
    sentence_free = not re.search(r"[.!?…](\s|$)", text)
    assert chunks, "a non-empty document yields chunks"
    for position, chunk in enumerate(chunks):
        assert chunk.index == position
        assert text[chunk.char_start : chunk.char_end] == chunk.text
        assert chunk.text.strip() == chunk.text and chunk.text
        assert len(chunk.text) <= maximum
        assert chunk.content_hash == hashlib.sha256(chunk.text.encode()).hexdigest()
        assert chunk.section is None or len(chunk.section) <= 500
        home = next(section for section in sections if section.start <= chunk.char_start < section.end)
        assert chunk.char_end <= home.end, f"chunk {position} crosses into the next section"
        # a chunk continuing a pipe table adds that table's header to its section's label
        hinted = f"{home.label} (columns: " if home.label else "(columns: "
        assert chunk.section == home.label or (chunk.section or "").startswith(hinted)
        if parsed.page_spans:
            first_page = max(number for number, start, _ in parsed.page_spans if start <= chunk.char_start)
            assert chunk.page == first_page
        else:
            assert chunk.page is None
        if position and chunk.char_start < chunks[position - 1].char_end:
            previous = chunks[position - 1]
            assert previous.section == chunk.section, "overlap stays inside its section"
            assert chunk.char_start > previous.char_start
            assert previous.char_end - chunk.char_start <= OVERLAP
            assert sentence_free or starts_sentence(text, chunk.char_start), chunk.text[:80]
    covered = {offset for chunk in chunks for offset in range(chunk.char_start, chunk.char_end)}
    assert all(offset in covered for offset, char in enumerate(text) if not is_invisible(char))
    assert all(has_visible_text(chunk.text) for chunk in chunks)


# --- invariants on real documents --------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHARED_PDFS)
def test_invariants_hold_for_every_shared_pdf(shared_data: Path, name: str) -> None:
    parsed = parsed_pdf(shared_data, name)
    assert_chunk_invariants(parsed, chunk_document(parsed))


@pytest.mark.parametrize("name", ["traffic_policy.md", "memo.txt", "service_agreement.txt"])
@pytest.mark.parametrize(("target", "maximum", "overlap"), [(1000, 2000, 150), (200, 400, 60)])
def test_invariants_hold_for_the_fixtures(name: str, target: int, maximum: int, overlap: int) -> None:
    parsed = parsed_fixture(name)
    assert_chunk_invariants(
        parsed, chunk_document(parsed, target_chars=target, max_chars=maximum, overlap_chars=overlap)
    )


def test_invariants_hold_for_scifact_abstracts(shared_data: Path) -> None:
    corpus = shared_data / "beir_scifact" / "corpus.jsonl"
    with corpus.open(encoding="utf-8") as lines:
        abstracts = [json.loads(line) for line in lines][:1000]
    parsed = [parse_document(f"{doc['title']}\n\n{doc['text']}".encode(), "abstract.txt") for doc in abstracts]
    chunked = [chunk_document(document) for document in parsed]
    for document, chunks in zip(parsed, chunked, strict=True):
        assert_chunk_invariants(document, chunks)
        assert all(chunk.section is None for chunk in chunks), "an abstract is prose, not invented sections"


# --- section labels checked against the text ---------------------------------------------------------------


def chunk_containing(chunks: list[ChunkDraft], phrase: str) -> ChunkDraft:
    return next(chunk for chunk in chunks if phrase in chunk.text)


@pytest.mark.parametrize(
    ("phrase", "label"),
    [
        ("The FAA proposes to\nsupersede Airworthiness Directive", "SUMMARY"),
        ("On October 29, 2018, a Boeing Model", "SUPPLEMENTARY INFORMATION > Background"),
        (
            "The FAA estimates that this proposed\nAD affects 73 airplanes",
            "SUPPLEMENTARY INFORMATION > Costs of Compliance",
        ),
        ("2. The FAA amends § 39.13", "PART 39—AIRWORTHINESS DIRECTIVES > § 39.13 [Amended]"),
        (
            "Comply with this AD within the\ncompliance times specified",
            "PART 39—AIRWORTHINESS DIRECTIVES > § 39.13 [Amended] > (f) Compliance",
        ),
        (
            "Special flight permits may be issued",
            "PART 39—AIRWORTHINESS DIRECTIVES > § 39.13 [Amended] > (n) Special Flight Permits",
        ),
    ],
)
def test_federal_register_labels(shared_data: Path, phrase: str, label: str) -> None:
    chunks = chunk_document(parsed_pdf(shared_data, "legal_federal-register-2020-17221.pdf"))
    assert chunk_containing(chunks, phrase).section == label


def test_wrapped_clause_titles_are_joined_into_one_label(shared_data: Path) -> None:
    chunks = chunk_document(parsed_pdf(shared_data, "legal_federal-register-2020-17221.pdf"))
    chunk = chunk_containing(chunks, "install FCC OPS\nsoftware version P12.1.2")
    assert chunk.section is not None
    assert chunk.section.endswith(
        "(g) Installation/Verification of Flight Control Computer (FCC) Operational Program Software (OPS)"
    )


@pytest.mark.parametrize(
    ("phrase", "label"),
    [
        ("The Digital Millennium Copyright Act (DMCA) was signed into law", "INTRODUCTION"),
        (
            "Section 512(b) limits the liability of service providers",
            "TITLE II: ONLINE COPYRIGHT INFRINGEMENT LIABILITY LIMITATION > Limitation for System Caching",
        ),
        ("Title III expands the existing exemption", "TITLE III: COMPUTER MAINTENANCE OR REPAIR"),
    ],
)
def test_dmca_summary_labels(shared_data: Path, phrase: str, label: str) -> None:
    chunks = chunk_document(parsed_pdf(shared_data, "legal_us-copyright-office-dmca-summary.pdf"))
    assert chunk_containing(chunks, phrase).section == label


def test_running_headers_never_become_sections(shared_data: Path) -> None:
    chunks = chunk_document(parsed_pdf(shared_data, "legal_us-copyright-office-dmca-summary.pdf"))
    assert not any("Copyright Office Summary December 1998" in (chunk.section or "") for chunk in chunks)


def test_scientific_paper_decimal_headings_and_lone_heading_merge(shared_data: Path) -> None:
    chunks = chunk_document(parsed_pdf(shared_data, "sci_acl2020-specter.pdf"))
    overview = chunk_containing(chunks, "2.1 Overview")
    assert overview.text.startswith("2 Model\n2.1 Overview\n"), "the lone '2 Model' heading merges forward"
    # PDFium (ADR 0021) lays the title block out line by line, so the paper's title may lead the section path.
    assert (overview.section or "").endswith("2 Model > 2.1 Overview")
    assert (chunk_containing(chunks, "As argued above, citations are a key signal").section or "").endswith(
        "3 SCIDOCS Evaluation Framework > 3.2 Citation Prediction"
    )
    assert not any(chunk.section == "2 Model" for chunk in chunks)


def test_german_lecture_notes_label_entries_under_their_section(shared_data: Path) -> None:
    chunks = chunk_document(parsed_pdf(shared_data, "sci_de_geotopo-lecture-notes.pdf"))
    chunk = chunk_containing(chunks, "Beispiel 9 (diskrete Metrik)\n")
    assert chunk.section == "1 Topologische Grundbegriffe > 1.2 Metrische Räume > Beispiel 9 (diskrete Metrik)"
    labels = {chunk.section for chunk in chunks}
    assert "1 Topologische Grundbegriffe > 1.1 Topologische Räume" in labels
    assert not any(label and "STETIGKEIT" in label for label in labels), "running page headers are furniture"


def test_markdown_hierarchy_feeds_the_label() -> None:
    chunks = chunk_document(parsed_fixture("traffic_policy.md"))
    assert [chunk.section for chunk in chunks] == [
        "Part 1 General provisions",
        "Part 1 General provisions > 1.1 Scope",
        "Part 2 Driving > 2.1 Speed limit",
        "Part 2 Driving > 2.2 Parking",
        "Part 2 Driving > 2.2 Parking > 2.2.1 Disabled bays",
        "Part 3 Enforcement",
    ]
    assert chunks[2].text.startswith("# Part 2 Driving\n\n## 2.1 Speed limit")
    assert "# this is a comment in a code block" in chunks[4].text


def test_numbered_articles_clauses_and_decimal_headings_in_plain_text() -> None:
    chunks = chunk_document(parsed_fixture("service_agreement.txt"), target_chars=300, max_chars=600)
    by_start = {chunk.text.split("\n", 1)[0]: chunk.section for chunk in chunks}
    assert by_start["ARTICLE 1 DEFINITIONS"] == "ARTICLE 1 DEFINITIONS > 1.1 Terms"
    assert by_start["(b) Services"] == "ARTICLE 1 DEFINITIONS > 1.1 Terms > (b) Services"
    assert by_start["1.2 Interpretation"] == "ARTICLE 1 DEFINITIONS > 1.2 Interpretation"
    assert by_start["2.2 Disputed Invoices"] == "ARTICLE 2 PAYMENT > 2.2 Disputed Invoices"


LETTER = (
    "Dear Mr Okonjo,\n\nConfirmation of your place on the beekeeping course\n\n"
    "Thank you for booking. This letter sets out what you need to know before the first session of the course.\n\n"
    "Date of first session: Saturday 7 March 2026\nTime to arrive: 09:30\nWhere to go: The Barn, Holloway Farm\n\n"
    "Please park in the yard and walk down the track to the barn, where the tutor will meet the whole group.\n\n"
    "What to bring\n\n"
    "Bring a packed lunch, boots and long trousers. Veils and gloves are lent to every student for the day, so you "
    "do not need to buy any before the course starts.\n\n"
    "If you cannot attend\n\n"
    "Tell us at least seven days before the first session and we will move your place to the autumn course at no "
    "extra cost, or refund the fee in full if you prefer.\n\nYours sincerely,\n\nMaya Holt\n"
)


def test_a_plain_letter_s_headings_in_sentence_case_label_its_sections() -> None:
    # outside check 21: an admission letter's "Your medicines", "What to bring" were no sections, and a field line
    # ("Date of admission: ...") labelled the rest of the letter
    chunks = chunk_document(parse_document(LETTER.encode(), "letter.txt"), target_chars=300, max_chars=600)
    by_start = {chunk.text.split("\n", 1)[0]: chunk.section for chunk in chunks}
    assert by_start["What to bring"] == "What to bring"
    assert by_start["If you cannot attend"] == "If you cannot attend"
    assert not any("Date of first session" in (chunk.section or "") for chunk in chunks)


def test_numbered_headings_in_sentence_case_head_their_numbered_paragraphs() -> None:
    policy = "".join(
        f"{n}. {title}\n\n{n}.1 "
        + "Staff may claim the costs this part of the policy lists, with receipts. " * 4
        + "\n\n"
        for n, title in enumerate(["Purpose and scope", "Travel by rail, bus and taxi", "Meals and subsistence"], 1)
    )
    labels = {chunk.section for chunk in chunk_document(parse_document(policy.encode(), "policy.txt"))}
    assert {"1. Purpose and scope", "2. Travel by rail, bus and taxi", "3. Meals and subsistence"} <= labels


# --- the gate ----------------------------------------------------------------------------------------------


def test_a_memo_is_not_shredded_into_invented_sections() -> None:
    parsed = parsed_fixture("memo.txt")
    assert plan_sections(parsed).ruleset.name == "prose"
    chunks = chunk_document(parsed)
    assert len(chunks) == 1
    assert chunks[0].section is None


def test_a_pasted_mail_header_line_is_never_a_section() -> None:
    # A reply pasted as plain text: its "Date:" line once became a heading, cutting the subject into a chunk of its own.
    text = (
        "Subject: Re: Kitchen refit at 14 Alder Road\n\nFrom: Jonas Weber\nDate: 3 February 2026\n\nHi Mrs Okafor,\n\n"
        "The worktops arrived this morning. We will fit them on Thursday. The kitchen will be usable again from "
        "Saturday.\n\nRegards,\nJonas\n"
    )
    chunks = chunk_document(parse_document(text.encode(), "reply.txt"))
    assert len(chunks) == 1
    assert chunks[0].section is None


def test_a_single_heading_like_line_does_not_make_a_structure() -> None:
    text = "1 Introduction\n\n" + "Prose sentence number one goes here. " * 30
    parsed = parse_document(text.encode(), "note.txt")
    assert plan_sections(parsed).ruleset.name == "prose"
    assert {chunk.section for chunk in chunk_document(parsed)} == {None}


def test_table_of_contents_entries_are_not_headings() -> None:
    toc = "Contents\n1 Scope 2\n1.1 Terms . . . . . . . 3\n2 Duties 5\n\n"
    body = "1 Scope\n" + "The scope is wide. " * 20 + "\n2 Duties\n" + "The duties are many. " * 20
    labels = {chunk.section for chunk in chunk_document(parse_document((toc + body).encode(), "c.txt"))}
    assert labels == {None, "1 Scope", "2 Duties"}


# --- packing inside a section ------------------------------------------------------------------------------


def long_section(sentences: int) -> ParsedDocument:
    body = " ".join(f"Sentence {number} says something about topic {number % 7}." for number in range(sentences))
    return parse_document(f"# Only section\n\n{body}\n\n# Next\n\nTail text here.".encode(), "long.md")


def test_a_large_section_is_split_at_sentences_with_overlap_inside_it() -> None:
    parsed = long_section(200)
    chunks = chunk_document(parsed, target_chars=500, max_chars=800, overlap_chars=120)
    inside = [chunk for chunk in chunks if chunk.section == "Only section"]
    assert len(inside) > 5
    for previous, current in itertools.pairwise(inside):
        assert previous.char_end > current.char_start, "consecutive chunks of one section overlap"
        assert current.text.startswith("Sentence ")
    assert chunks[-1].section == "Next" and chunks[-1].text == "# Next\n\nTail text here."
    assert_chunk_invariants(parsed, chunks, maximum=800)


def test_overlap_falls_back_to_words_only_without_any_sentence() -> None:
    words = " ".join(f"token{number}" for number in range(600))
    parsed = parse_document(words.encode(), "words.txt")
    chunks = chunk_document(parsed, target_chars=400, max_chars=600, overlap_chars=60)
    assert len(chunks) > 3
    assert all(chunk.text.startswith("token") for chunk in chunks)
    assert any(current.char_start < previous.char_end for previous, current in itertools.pairwise(chunks))


def test_no_overlap_when_the_tail_has_no_sentence_boundary() -> None:
    sentence = "This single sentence keeps going " + "and going " * 150 + "until it finally ends."
    parsed = parse_document(f"{sentence} Second sentence.".encode(), "run-on.txt")
    chunks = chunk_document(parsed, target_chars=400, max_chars=600, overlap_chars=100)
    assert len(chunks) > 2
    assert all(current.char_start >= previous.char_end for previous, current in itertools.pairwise(chunks))


def test_a_run_without_whitespace_is_hard_cut_at_the_maximum() -> None:
    parsed = parse_document(("x" * 5000).encode(), "blob.txt")
    chunks = chunk_document(parsed, target_chars=1000, max_chars=2000, overlap_chars=150)
    assert [len(chunk.text) for chunk in chunks] == [2000, 2000, 1000]


def test_labels_are_capped_at_500_characters() -> None:
    levels = "\n\n".join(f"{'#' * level} {'Very long heading words ' * 5}{level}" for level in range(1, 7))
    parsed = parse_document(f"{levels}\n\nBody text under the deepest heading.".encode(), "deep.md")
    (chunk,) = chunk_document(parsed)
    assert chunk.section is not None
    assert len(chunk.section) <= 500
    assert chunk.section.endswith("6")


def test_invalid_limits_are_refused() -> None:
    parsed = parse_document(b"Some text.", "a.txt")
    with pytest.raises(ValueError):
        chunk_document(parsed, target_chars=3000, max_chars=2000)
    with pytest.raises(ValueError):
        chunk_document(parsed, target_chars=100, overlap_chars=100)


# --- sentences ---------------------------------------------------------------------------------------------


def sentences(text: str) -> list[str]:
    cuts = [0, *sentence_starts(text, 0, len(text)), len(text)]
    return [text[start:end].strip() for start, end in itertools.pairwise(cuts)]


def test_english_abbreviations_do_not_end_sentences() -> None:
    text = (
        "Use a tool, e.g. a hammer, as the U.S. Army does. See Fig. 3 and No. 5 for details. "
        "Daniel S. Weld agreed at 9 a.m. Then it ended."
    )
    assert sentences(text) == [
        "Use a tool, e.g. a hammer, as the U.S. Army does.",
        "See Fig. 3 and No. 5 for details.",
        "Daniel S. Weld agreed at 9 a.m. Then it ended.",
    ]


def test_german_abbreviations_do_not_end_sentences() -> None:
    text = (
        "Das gilt z. B. für Dr. Müller, vgl. Abb. 3 und Nr. 4. Es gilt auch z.B. hier, d. h. überall. "
        "Am 31. Dezember 2016 war Schluss. Danach kam nichts."
    )
    assert sentences(text) == [
        "Das gilt z. B. für Dr. Müller, vgl. Abb. 3 und Nr. 4.",
        "Es gilt auch z.B. hier, d. h. überall.",
        "Am 31. Dezember 2016 war Schluss.",
        "Danach kam nichts.",
    ]


def test_enumerators_at_line_start_are_not_sentence_ends() -> None:
    assert sentences("Steps follow.\n1. Fall: the first case.\n2. Fall: Another one.") == [
        "Steps follow.",
        "1. Fall: the first case.",
        "2. Fall: Another one.",
    ]


def _price_list(rows: int) -> str:
    lines = ["# Price list", "", "Our prices for members and visitors.", "", "## Fees for classes", ""]
    lines += ["| Class | Member price | Non-member price | Duration |", "|---|---|---|---|"]
    lines += [
        f"| Class number {i} with a long descriptive name | £{i + 5}.00 | £{i + 9}.50 | {30 + i} minutes |"
        for i in range(rows)
    ]
    return "\n".join([*lines, "", "## Cancellation", "", "Cancel 24 hours ahead for a full refund.", ""])


def test_a_pipe_table_continued_in_another_chunk_names_its_columns_in_the_label() -> None:
    drafts = chunk_document(parse_document(_price_list(40).encode(), "prices.md"))
    hinted = "Price list > Fees for classes (columns: Class, Member price, Non-member price, Duration)"
    rows = [d for d in drafts if d.text.lstrip().startswith("| Class number")]
    assert len(rows) >= 2  # the table runs over several chunks
    assert all(d.section == hinted for d in rows)
    holding_header = next(d for d in drafts if "| Class | Member price |" in d.text)
    assert holding_header.section == "Price list > Fees for classes"  # it shows its header itself
    assert drafts[-1].section == "Price list > Cancellation"
    assert_chunk_invariants(parse_document(_price_list(40).encode(), "prices.md"), drafts)


def test_a_short_pipe_table_keeps_its_plain_label() -> None:
    drafts = chunk_document(parse_document(_price_list(3).encode(), "prices.md"))
    assert not any("columns:" in (d.section or "") for d in drafts)


def test_a_table_under_no_heading_is_labelled_by_its_columns_alone() -> None:
    rows = [f"| Item {i} with a fairly long description of it | {i} | {i * 2} |" for i in range(60)]
    text = "\n".join(["| Item | Stock | Reorder |", "|---|---|---|", *rows])
    drafts = chunk_document(parse_document(text.encode(), "stock.md"))
    assert drafts[0].section is None
    assert {d.section for d in drafts[1:]} == {"(columns: Item, Stock, Reorder)"}


def _two_page_report() -> ParsedDocument:
    footer = "Northwest Fire Protection Services - Report NFP-2025-0917 - Page {}"
    prose = "\n".join(  # a PDF's text layer breaks its lines as the page did
        textwrap.wrap(
            (
                "The inspector walked every floor with the building manager and tested each device in turn. "
                "Results were recorded on the site sheet and photographed where a defect was found. "
            )
            * 3,
            90,
        )
    )
    pages = [
        f"1. Fire Extinguishers\nThere are 14 portable extinguishers in the corridors. {prose}\n"
        f"2. Emergency Lighting\nAll 18 exit signs were illuminated and every unit stayed lit. {prose}\n"
        f"3. Fire Doors\nAll stairwell doors closed and latched on their own. {prose}\n" + footer.format(1),
        "4. Deficiencies and Required Corrections\nNo. Item Location Cost\n1 Door closer Ground floor $300\n"
        f"2 Emergency light Stairwell B $215\n5. Recommendations\nWe recommend a magnetic door release. {prose}\n"
        f"6. Certification\nI certify that this inspection was carried out according to the standards. {prose}\n"
        + footer.format(2),
    ]
    rows = [
        "No.: 1 | Item: Door closer | Location: Ground floor | Cost: $300",
        "No.: 2 | Item: Emergency light | Location: Stairwell B | Cost: $215",
    ]
    texts = append_tables(pages, [PageTables(2, rows)])
    text = texts[0] + "\n\n" + texts[1]
    spans = [(1, 0, len(texts[0])), (2, len(texts[0]) + 2, len(text))]
    blocks = [block for page, start, end in spans for block in paragraph_blocks(text, start, end, page)]
    return ParsedDocument("pdf", "application/pdf", text, blocks, 2, spans)


def test_a_two_page_reports_running_footer_is_no_section_and_its_table_rows_stay_under_their_heading() -> None:
    # outside27 D7: the footer ("... - Page 2") of a two-page report labelled the table rows appended after page 2's
    # text, under its last heading; the rows now follow the table's own lines and a footer naming its page on
    # both pages is furniture.
    chunks = chunk_document(_two_page_report())
    assert not any("Page" in (chunk.section or "") for chunk in chunks)
    row = chunk_containing(chunks, "No.: 2 | Item: Emergency light")
    assert (row.section or "").endswith("4. Deficiencies and Required Corrections")


def test_a_span_without_a_visible_character_is_no_chunk() -> None:
    # outside check: 2,000,000 zero-width spaces and one line of text made 1,001 chunks, 1,000 of them nothing but
    # U+200B, stored, embedded and searchable
    text = "\u200b" * 9_000 + "\nThe boiler room key hangs by the door.\n" + "\ufe0f\u200d\u3164" * 2_000 + "\nThe end."
    parsed = parse_document(text.encode(), "hidden.txt")
    chunks = chunk_document(parsed)
    assert_chunk_invariants(parsed, chunks)
    assert len(chunks) == 2
    assert chunks[0].text.endswith("The boiler room key hangs by the door.") and chunks[-1].text.endswith("The end.")
    assert chunks[0].char_start > 0  # the offsets still index the normalized text, which keeps the invisible run
