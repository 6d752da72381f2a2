from enum import StrEnum

class SearchResultPublicTextSourceType0(StrEnum):
    OCR = "ocr"
    TEXT_LAYER = "text_layer"

    def __str__(self) -> str:
        return str(self.value)
