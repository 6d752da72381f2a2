from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.stage_check import StageCheck





T = TypeVar("T", bound="ReceiptQuote")



@_attrs_define
class ReceiptQuote:
    """ One verified quote and the evidence it stands on.

        Attributes:
            chunk_content_hash (str):
            chunk_end (int):
            chunk_id (str):
            chunk_start (int):
            citation_index (int):
            claim_index (int):
            document_id (str):
            document_title (str):
            document_version_id (str):
            match (list[str] | Literal['exact']):
            page_end (int | None):
            page_start (int | None):
            quote (str):
            stages (list[StageCheck]):
            statement (str):
            version_content_hash (None | str):
            version_end (int):
            version_start (int):
     """

    chunk_content_hash: str
    chunk_end: int
    chunk_id: str
    chunk_start: int
    citation_index: int
    claim_index: int
    document_id: str
    document_title: str
    document_version_id: str
    match: list[str] | Literal['exact']
    page_end: int | None
    page_start: int | None
    quote: str
    stages: list[StageCheck]
    statement: str
    version_content_hash: None | str
    version_end: int
    version_start: int





    def to_dict(self) -> dict[str, Any]:
        from ..models.stage_check import StageCheck # noqa: PLC0415
        chunk_content_hash = self.chunk_content_hash

        chunk_end = self.chunk_end

        chunk_id = self.chunk_id

        chunk_start = self.chunk_start

        citation_index = self.citation_index

        claim_index = self.claim_index

        document_id = self.document_id

        document_title = self.document_title

        document_version_id = self.document_version_id

        match: list[str] | Literal['exact']
        if isinstance(self.match, list):
            match = self.match


        else:
            match = self.match

        page_end: int | None
        page_end = self.page_end

        page_start: int | None
        page_start = self.page_start

        quote = self.quote

        stages = []
        for stages_item_data in self.stages:
            stages_item = stages_item_data.to_dict()
            stages.append(stages_item)



        statement = self.statement

        version_content_hash: None | str
        version_content_hash = self.version_content_hash

        version_end = self.version_end

        version_start = self.version_start


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "chunk_content_hash": chunk_content_hash,
            "chunk_end": chunk_end,
            "chunk_id": chunk_id,
            "chunk_start": chunk_start,
            "citation_index": citation_index,
            "claim_index": claim_index,
            "document_id": document_id,
            "document_title": document_title,
            "document_version_id": document_version_id,
            "match": match,
            "page_end": page_end,
            "page_start": page_start,
            "quote": quote,
            "stages": stages,
            "statement": statement,
            "version_content_hash": version_content_hash,
            "version_end": version_end,
            "version_start": version_start,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stage_check import StageCheck # noqa: PLC0415
        d = dict(src_dict)
        chunk_content_hash = d.pop("chunk_content_hash")

        chunk_end = d.pop("chunk_end")

        chunk_id = d.pop("chunk_id")

        chunk_start = d.pop("chunk_start")

        citation_index = d.pop("citation_index")

        claim_index = d.pop("claim_index")

        document_id = d.pop("document_id")

        document_title = d.pop("document_title")

        document_version_id = d.pop("document_version_id")

        def _parse_match(data: object) -> list[str] | Literal['exact']:
            match_type_0 = cast(Literal['exact'] , data)
            if match_type_0 != 'exact':
                raise ValueError(f"match_type_0 must match const 'exact', got '{match_type_0}'")
            return match_type_0
            if not isinstance(data, list):
                raise TypeError()
            match_type_1 = cast(list[str], data)

            return match_type_1

        match = _parse_match(d.pop("match"))


        def _parse_page_end(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page_end = _parse_page_end(d.pop("page_end"))


        def _parse_page_start(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page_start = _parse_page_start(d.pop("page_start"))


        quote = d.pop("quote")

        stages = []
        _stages = d.pop("stages")
        for stages_item_data in (_stages):
            stages_item = StageCheck.from_dict(stages_item_data)



            stages.append(stages_item)


        statement = d.pop("statement")

        def _parse_version_content_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        version_content_hash = _parse_version_content_hash(d.pop("version_content_hash"))


        version_end = d.pop("version_end")

        version_start = d.pop("version_start")

        receipt_quote = cls(
            chunk_content_hash=chunk_content_hash,
            chunk_end=chunk_end,
            chunk_id=chunk_id,
            chunk_start=chunk_start,
            citation_index=citation_index,
            claim_index=claim_index,
            document_id=document_id,
            document_title=document_title,
            document_version_id=document_version_id,
            match=match,
            page_end=page_end,
            page_start=page_start,
            quote=quote,
            stages=stages,
            statement=statement,
            version_content_hash=version_content_hash,
            version_end=version_end,
            version_start=version_start,
        )

        return receipt_quote

