""" Contains all the data models used in inputs/outputs """

from .access_token_create import AccessTokenCreate
from .access_token_create_scopes_item import AccessTokenCreateScopesItem
from .access_token_created import AccessTokenCreated
from .access_token_created_scopes_item import AccessTokenCreatedScopesItem
from .access_token_created_status import AccessTokenCreatedStatus
from .access_token_public import AccessTokenPublic
from .access_token_public_scopes_item import AccessTokenPublicScopesItem
from .access_token_public_status import AccessTokenPublicStatus
from .admin_user_create import AdminUserCreate
from .admin_user_create_roles_item import AdminUserCreateRolesItem
from .attachment_public import AttachmentPublic
from .attachment_public_document_type import AttachmentPublicDocumentType
from .attachment_public_status import AttachmentPublicStatus
from .audit_event_public import AuditEventPublic
from .audit_event_public_details_type_0 import AuditEventPublicDetailsType0
from .briefing_result import BriefingResult
from .chunk_public import ChunkPublic
from .chunk_public_text_source_type_0 import ChunkPublicTextSourceType0
from .chunk_public_trust_label import ChunkPublicTrustLabel
from .chunk_span import ChunkSpan
from .citation import Citation
from .citation_source_type import CitationSourceType
from .citation_text_source_type_0 import CitationTextSourceType0
from .citation_trust_label import CitationTrustLabel
from .cited_document_public import CitedDocumentPublic
from .claim import Claim
from .claim_citation import ClaimCitation
from .claim_evidence_status import ClaimEvidenceStatus
from .document_detail import DocumentDetail
from .document_detail_document_type import DocumentDetailDocumentType
from .document_detail_status import DocumentDetailStatus
from .document_public import DocumentPublic
from .document_public_document_type import DocumentPublicDocumentType
from .document_public_status import DocumentPublicStatus
from .document_ref import DocumentRef
from .document_usage import DocumentUsage
from .error_body import ErrorBody
from .error_body_details_type_0 import ErrorBodyDetailsType0
from .error_response import ErrorResponse
from .event_public import EventPublic
from .event_public_payload_type_0 import EventPublicPayloadType0
from .health_live_response_health_live import HealthLiveResponseHealthLive
from .health_ready_response_health_ready import HealthReadyResponseHealthReady
from .ingest_response import IngestResponse
from .ingest_response_status import IngestResponseStatus
from .investigation_analytics_public import InvestigationAnalyticsPublic
from .investigations_trends_bucket import InvestigationsTrendsBucket
from .knowledge_upload_document_body import KnowledgeUploadDocumentBody
from .labelled_span import LabelledSpan
from .labelled_span_label import LabelledSpanLabel
from .login_request import LoginRequest
from .password_change_request import PasswordChangeRequest
from .quote_span import QuoteSpan
from .receipt_quote import ReceiptQuote
from .refusal_public import RefusalPublic
from .register_request import RegisterRequest
from .roles_update import RolesUpdate
from .roles_update_roles_item import RolesUpdateRolesItem
from .run_create import RunCreate
from .run_create_input import RunCreateInput
from .run_outcome import RunOutcome
from .run_public import RunPublic
from .run_public_evidence_status import RunPublicEvidenceStatus
from .run_public_input import RunPublicInput
from .run_result_public import RunResultPublic
from .run_status import RunStatus
from .run_summary_public import RunSummaryPublic
from .search_request import SearchRequest
from .search_request_method import SearchRequestMethod
from .search_result_public import SearchResultPublic
from .search_result_public_retrieval_method import SearchResultPublicRetrievalMethod
from .search_result_public_source_type import SearchResultPublicSourceType
from .search_result_public_text_source_type_0 import SearchResultPublicTextSourceType0
from .search_result_public_trust_label import SearchResultPublicTrustLabel
from .stage_check import StageCheck
from .stage_check_stage import StageCheckStage
from .status_ok import StatusOk
from .step_public import StepPublic
from .step_status import StepStatus
from .token import Token
from .trend import Trend
from .trend_bucket import TrendBucket
from .trend_point import TrendPoint
from .unread_attachment import UnreadAttachment
from .user_activation import UserActivation
from .user_public import UserPublic
from .verification_receipt import VerificationReceipt
from .version_public import VersionPublic
from .version_public_status import VersionPublicStatus
from .withheld_span import WithheldSpan

__all__ = (
    "AccessTokenCreate",
    "AccessTokenCreated",
    "AccessTokenCreatedScopesItem",
    "AccessTokenCreatedStatus",
    "AccessTokenCreateScopesItem",
    "AccessTokenPublic",
    "AccessTokenPublicScopesItem",
    "AccessTokenPublicStatus",
    "AdminUserCreate",
    "AdminUserCreateRolesItem",
    "AttachmentPublic",
    "AttachmentPublicDocumentType",
    "AttachmentPublicStatus",
    "AuditEventPublic",
    "AuditEventPublicDetailsType0",
    "BriefingResult",
    "ChunkPublic",
    "ChunkPublicTextSourceType0",
    "ChunkPublicTrustLabel",
    "ChunkSpan",
    "Citation",
    "CitationSourceType",
    "CitationTextSourceType0",
    "CitationTrustLabel",
    "CitedDocumentPublic",
    "Claim",
    "ClaimCitation",
    "ClaimEvidenceStatus",
    "DocumentDetail",
    "DocumentDetailDocumentType",
    "DocumentDetailStatus",
    "DocumentPublic",
    "DocumentPublicDocumentType",
    "DocumentPublicStatus",
    "DocumentRef",
    "DocumentUsage",
    "ErrorBody",
    "ErrorBodyDetailsType0",
    "ErrorResponse",
    "EventPublic",
    "EventPublicPayloadType0",
    "HealthLiveResponseHealthLive",
    "HealthReadyResponseHealthReady",
    "IngestResponse",
    "IngestResponseStatus",
    "InvestigationAnalyticsPublic",
    "InvestigationsTrendsBucket",
    "KnowledgeUploadDocumentBody",
    "LabelledSpan",
    "LabelledSpanLabel",
    "LoginRequest",
    "PasswordChangeRequest",
    "QuoteSpan",
    "ReceiptQuote",
    "RefusalPublic",
    "RegisterRequest",
    "RolesUpdate",
    "RolesUpdateRolesItem",
    "RunCreate",
    "RunCreateInput",
    "RunOutcome",
    "RunPublic",
    "RunPublicEvidenceStatus",
    "RunPublicInput",
    "RunResultPublic",
    "RunStatus",
    "RunSummaryPublic",
    "SearchRequest",
    "SearchRequestMethod",
    "SearchResultPublic",
    "SearchResultPublicRetrievalMethod",
    "SearchResultPublicSourceType",
    "SearchResultPublicTextSourceType0",
    "SearchResultPublicTrustLabel",
    "StageCheck",
    "StageCheckStage",
    "StatusOk",
    "StepPublic",
    "StepStatus",
    "Token",
    "Trend",
    "TrendBucket",
    "TrendPoint",
    "UnreadAttachment",
    "UserActivation",
    "UserPublic",
    "VerificationReceipt",
    "VersionPublic",
    "VersionPublicStatus",
    "WithheldSpan",
)
