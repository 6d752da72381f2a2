from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.search_request_method import SearchRequestMethod
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SearchRequest")



@_attrs_define
class SearchRequest:
    """ 
        Attributes:
            query_text (str):
            document_id (None | str | Unset):
            method (SearchRequestMethod | Unset):  Default: SearchRequestMethod.HYBRID.
            score_threshold (float | None | Unset):
            top_k (int | Unset):  Default: 10.
     """

    query_text: str
    document_id: None | str | Unset = UNSET
    method: SearchRequestMethod | Unset = SearchRequestMethod.HYBRID
    score_threshold: float | None | Unset = UNSET
    top_k: int | Unset = 10





    def to_dict(self) -> dict[str, Any]:
        query_text = self.query_text

        document_id: None | str | Unset
        if isinstance(self.document_id, Unset):
            document_id = UNSET
        else:
            document_id = self.document_id

        method: str | Unset = UNSET
        if not isinstance(self.method, Unset):
            method = self.method.value


        score_threshold: float | None | Unset
        if isinstance(self.score_threshold, Unset):
            score_threshold = UNSET
        else:
            score_threshold = self.score_threshold

        top_k = self.top_k


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "query_text": query_text,
        })
        if document_id is not UNSET:
            field_dict["document_id"] = document_id
        if method is not UNSET:
            field_dict["method"] = method
        if score_threshold is not UNSET:
            field_dict["score_threshold"] = score_threshold
        if top_k is not UNSET:
            field_dict["top_k"] = top_k

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        query_text = d.pop("query_text")

        def _parse_document_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        document_id = _parse_document_id(d.pop("document_id", UNSET))


        _method = d.pop("method", UNSET)
        method: SearchRequestMethod | Unset
        if isinstance(_method,  Unset):
            method = UNSET
        else:
            method = SearchRequestMethod(_method)




        def _parse_score_threshold(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        score_threshold = _parse_score_threshold(d.pop("score_threshold", UNSET))


        top_k = d.pop("top_k", UNSET)

        search_request = cls(
            query_text=query_text,
            document_id=document_id,
            method=method,
            score_threshold=score_threshold,
            top_k=top_k,
        )

        return search_request

