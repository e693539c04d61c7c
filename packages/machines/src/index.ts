/**
 * @magpie/machines: the web client's flows as XState v5 machines, plus the framework-free helpers they drive.
 *
 * Side effects are actors passed with `.provide()`; see each machine's TSDoc for the actors it needs.
 */

// Upload popover: spec 01 §2, §4 Upload popover, §8.
export {
  createUploadEvent,
  uploadPopoverMachine,
  type UploadFileActorInput,
  type UploadFileState,
  type UploadFileStatus,
  type UploadPopoverContext,
  type UploadPopoverEvent,
  type UploadPopoverInput,
  type UploadRun,
} from './uploadPopover/uploadPopover.machine.ts';
export {
  assertUploadEventName,
  isUploadEventName,
  UnknownUploadEventError,
  UPLOAD_EVENTS,
  type FailedUpload,
  type UploadedAsset,
  type UploadEmittedEvent,
  type UploadEventName,
} from './uploadPopover/uploadEvents.ts';
export { ACCESS_DENIED_MESSAGE, DEFAULT_ERROR_MESSAGE, toUploadFailure, UploadError, UPLOAD_TARGET_ERROR_MESSAGE } from './uploadPopover/uploadError.ts';
export type { UploadFailure, UploadFileInput, UploadFileOutput } from './uploadPopover/types.ts';
export {
  createChunkedUploader,
  UPLOADS_PATH,
  UPLOAD_STATUS_MAX_POLLS,
  UPLOAD_STATUS_POLL_INTERVAL_MS,
  type ChunkedUploader,
  type ChunkedUploaderDeps,
  type ChunkedUploadRequest,
  type FetchInitLike,
  type FetchLike,
  type FetchResponseLike,
} from './uploadPopover/chunkedUpload.ts';

// Poll until done: spec 01 §4 Background job, Duplicate-revision polling, §7, §9.
export {
  BACKGROUND_JOB_FINISHED_STATUSES,
  BACKGROUND_JOB_RUNNING_STATUSES,
  normaliseMaxAttempts,
  pollAnswerOf,
  pollIntervalFor,
  POLL_DEFAULT_INTERVAL_MS,
  POLL_MAX_ATTEMPTS,
  pollUntilDoneMachine,
  TASK_CREATED_STATUS,
  type BackgroundJobProgress,
  type CreateTaskInput,
  type CreateTaskOutput,
  type PollTaskInput,
  type PollTaskOutput,
  type PollUntilDoneContext,
  type PollUntilDoneError,
  type PollUntilDoneInput,
  type PollUntilDoneOutput,
} from './pollUntilDone/pollUntilDone.machine.ts';
export { DUPLICATE_DONE_STATUS, DUPLICATE_PENDING_STATUS, DUPLICATE_POLL_INTERVAL_MS, duplicateRevisionPollingMachine } from './pollUntilDone/duplicateRevisionPolling.ts';

// Asset selection: spec 01 §2 Asset selection and relocation, §2 Keyboard.
export {
  assetRange,
  assetSelectionMachine,
  inGridOrder,
  toggleAsset,
  type AssetSelectionContext,
  type AssetSelectionEvent,
  type AssetSelectionInput,
} from './assetSelection/assetSelection.machine.ts';

// Alert editor: spec 01 §2 Alert editing, §3, §4, §5, §6, §7, §8, §9.
export {
  ALERT_CONFIRMATION_CLOSE_MS,
  ALERT_CREATE_FAILED_MESSAGE,
  ALERT_DELETE_FAILED_MESSAGE,
  ALERT_INTERVALS,
  ALERT_PERMISSION,
  ALERT_SAVE_FAILED_MESSAGE,
  alertEditorMachine,
  alertNotice,
  DEFAULT_ALERT_INTERVAL,
  isAlertInterval,
  mayUseAlerts,
  type Alert,
  type AlertCollection,
  type AlertEditorContext,
  type AlertEditorEvent,
  type AlertEditorInput,
  type AlertInterval,
  type AlertNotice,
  type CreateAlertInput,
  type DeleteAlertInput,
  type SaveAlertInput,
} from './alertEditor/alertEditor.machine.ts';
export { ALERT_QUERY_ELLIPSIS, ALERT_QUERY_MAX_CHARS, alertConfirmationQuery, cutAlertQuery, escapeHtml, unescapeHtml } from './alertEditor/alertText.ts';

// Desktop tool: spec 01 §2, §3, §4 Desktop tool, §6, §9.
export {
  compareVersions,
  decideDesktopTool,
  DEFAULT_DESKTOP_TOOL_VERSION,
  desktopToolMachine,
  installedDesktopToolVersion,
  isNewerVersion,
  markDesktopToolInstalled,
  type DesktopToolContext,
  type DesktopToolDecision,
  type DesktopToolEvent,
  type DesktopToolFacts,
  type DesktopToolInput,
  type DesktopToolInstaller,
  type DesktopToolOffer,
  type DesktopToolSettings,
} from './desktopTool/desktopTool.machine.ts';

// Session: spec 01 §1, §2, §3, §4 Session, §6, §7, §8, §9; spec 02 §1, §6 guests.
export {
  authCheckIntervalMs,
  DEFAULT_AUTH_CHECK_INTERVAL_S,
  isPageHref,
  isPublicSessionAddress,
  isUnauthorizedError,
  keepaliveIntervalMs,
  loggedOutViewOf,
  LOGOUT_ERROR_NOTICE,
  MIN_KEEPALIVE_INTERVAL_S,
  SESSION_NOTICE_AUTOCLOSE_MS,
  sessionGuestDescriptor,
  sessionMachine,
  sessionRedirect,
  type CheckAuthOutput,
  type GuestAccess,
  type GuestAccessAnswer,
  type GuestDescriptor,
  type KeepaliveInput,
  type LogoutInput,
  type SessionContext,
  type SessionDescriptor,
  type SessionEvent,
  type SessionInput,
  type SessionNotice,
} from './session/session.machine.ts';
export {
  ARCHIVES_SPACE_PATH,
  DEFAULT_LANDING_ADDRESSES,
  isGuestAddress,
  isLoginViewAddress,
  isPasswordResetAddress,
  isSignupAddress,
  isCookiePolicyAddress,
  COOKIE_POLICY_VIEW_PATH,
  LOGIN_VIEW_PATH,
  loginUrlFor,
  MAX_RETURN_ADDRESS_LENGTH,
  pageHrefOfAddress,
  PASSWORD_RESET_VIEW_PATHS,
  pathOfAddress,
  safeReturnAddress,
  SIGNUP_VIEW_PATH,
} from './session/sessionAddress.ts';

// Field editor: spec 02 §3, §4 Field editor, §5 Field editors, §8.
export {
  fieldEditorMachine,
  FIELD_SAVE_FAILED_MESSAGE,
  initialFieldValue,
  toFieldSaveError,
  type FieldEditorContext,
  type FieldEditorEvent,
  type FieldEditorInput,
  type FieldSaveError,
  type OpenTaxonomyTreeEvent,
  type SaveFieldInput,
} from './fieldEditor/fieldEditor.machine.ts';
export {
  addBagItems,
  EMAIL_NOT_VALID_MESSAGE,
  EMAIL_PATTERN,
  EMAIL_SEPARATOR,
  INVALID_FORMAT_MESSAGE,
  isEmailField,
  isValidEmail,
  isValuePresent,
  normalizeFieldValue,
  parseEmailPaste,
  REQUIRED_MESSAGE,
  splitEmailList,
  toBag,
  validateFieldValue,
  valuesToCheck,
  type FieldDataType,
  type FieldDefinition,
  type FieldOptions,
  type FieldValidationError,
  type FieldValue,
} from './fieldEditor/fieldValidation.ts';

// Taxonomy tree popover: spec 02 §2, §4, §5, §6, §8, §9.
export {
  keyboardOrder,
  TAXONOMY_SEARCH_DEBOUNCE_MS,
  taxonomyTreeMachine,
  type CreateTaxonomyItemInput,
  type LoadRootInput,
  type TaxonomyHrefInput,
  type TaxonomySearchInput,
  type TaxonomyTreeContext,
  type TaxonomyTreeEvent,
  type TaxonomyTreeInput,
  type TaxonomyTreeOutput,
} from './taxonomyTree/taxonomyTree.machine.ts';
export {
  DEFAULT_TAXONOMY_ITEM_ACL,
  isItemVisible,
  isSelectable,
  sortByName,
  TAXONOMY_GENERAL_ERROR_MESSAGE,
  TAXONOMY_MALFORMED_SEARCH_MESSAGE,
  toTaxonomyRequestError,
  visibleTreeHrefs,
  type ChildrenResponse,
  type PageLink,
  type RootTaxonomyData,
  type TaxonomyItem,
  type TaxonomyRequestError,
  type TaxonomyUsage,
  type TreeNode,
  type TreePage,
  type TreePaging,
} from './taxonomyTree/taxonomyTree.types.ts';

// Taxonomy item edit modal: spec 02 §2 Taxonomy item edit modal, §3, §5, §7, §8.
export {
  canSaveTaxonomyItem,
  taxonomyItemEditMachine,
  toTaxonomyItemDraft,
  valueFromLabel,
  type SaveTaxonomyItemInput,
  type TaxonomyItemDraft,
  type TaxonomyItemEditContext,
  type TaxonomyItemEditEvent,
  type TaxonomyItemEditInput,
  type TaxonomyItemEditOutput,
} from './taxonomyItemEdit/taxonomyItemEdit.machine.ts';

// Advanced search popover: spec 02 §2, §3 Search criteria, §4, §5, §9.
export {
  advancedSearchMachine,
  type AdvancedSearchContext,
  type AdvancedSearchEvent,
  type AdvancedSearchInput,
  type AdvancedSearchOutput,
} from './advancedSearch/advancedSearch.machine.ts';
export {
  applySearchFormChange,
  BUILTIN_FIELDS,
  BYTES_PER_MB,
  bytesToMegabytes,
  COLOR_SPACES,
  DATE_TYPES,
  DEFAULT_DATE_TYPE,
  DOCUMENT_TYPES,
  EARLIEST_SEARCH_DATE,
  emptySearchForm,
  FILE_SIZE_MAX_MB,
  formatSearchDate,
  fromSearchParams,
  megabytesToBytes,
  METADATA_STATUSES,
  normalizeSearchDate,
  ORIENTATIONS,
  parseSearchDate,
  PIXEL_RANGE_MAX,
  rangeMax,
  rangeValue,
  resolveDateType,
  roundMegabytes,
  sanitizeRangeText,
  settleRange,
  showsImageAttributes,
  STORAGES,
  CONSENT_STATUSES,
  CONSENT_FILTER_FEATURE_LEVEL,
  offersConsentFilter,
  type ConsentStatusChoice,
  toSearchParams,
  type AdvancedSearchForm,
  type Bound,
  type BuiltinField,
  type ColorSpace,
  type CriterionRow,
  type DateType,
  type MetadataStatus,
  type Orientation,
  type RangeName,
  type RangeText,
  type SearchDocumentType,
  type SearchFormChange,
  type SearchParams,
  type StorageLocation,
} from './advancedSearch/searchForm.ts';

// Cookie banner: spec 02 §4, §6, §7, §8.
export {
  consentTextOf,
  CONSENT_LOAD_FAILED_MESSAGE,
  CONSENT_STORAGE_KEY,
  cookieBannerMachine,
  needsConsent,
  type CookieBannerContext,
  type CookieBannerError,
  type CookieBannerEvent,
  type CookieBannerInput,
  type CookieConsentReply,
  type ReadStoredConsentInput,
  type StoreConsentInput,
} from './cookieBanner/cookieBanner.machine.ts';

// Floating footer: spec 02 §2, §4 (issue 15).
export { FOOTER_SCROLL_THRESHOLD_PX, FOOTER_VISIBLE_TAG, floatingFooterMachine, scrollDirection, type FloatingFooterEvent } from './floatingFooter/floatingFooter.machine.ts';

// The state chart of the editors that load one record and save it whole (the consent settings, the footer).
export {
  createLoadSaveMachine,
  loadSaveErrorMessage,
  type LoadSaveContext,
  type LoadSaveEditEvent,
  type LoadSaveEvent,
  type LoadSaveRules,
} from './loadSave/createLoadSaveMachine.ts';

// Footer editor: spec 02 §2 (issue 15).
export {
  FOOTER_EDITOR_DEFAULT_ERROR,
  FOOTER_MAX_LENGTH,
  footerDraftProblem,
  footerEditorMachine,
  type FooterEditorContext,
  type FooterEditorEvent,
  type FooterReply,
} from './footerEditor/footerEditor.machine.ts';

// Cart badge: spec 02 §4, §7, §9; adding to the cart (issue 15).
export {
  cartAddErrorMessage,
  cartBadgeMachine,
  CART_ADD_FORBIDDEN_MESSAGE,
  CART_COUNT_FAILED_MESSAGE,
  CART_FULL_MESSAGE,
  CART_NOTICE_MS,
  toCartCount,
  type AddToCartInput,
  type CartAddError,
  type CartBadgeContext,
  type CartBadgeEvent,
  type CartBadgeInput,
  type CartCountError,
  type LoadCartCountInput,
} from './cartBadge/cartBadge.machine.ts';

// Cart page (issue 15 Cart and orders): spec 02 §7; spec 03 §3.7 extra fields.
export {
  canSubmitCart,
  CART_LOAD_FAILED_MESSAGE,
  cartCheckoutErrorMessage,
  cartCheckoutMachine,
  cartCheckoutProblems,
  initialOrderAnswers,
  movedItems,
  ORDER_COMMENT_MAX_LENGTH,
  ORDER_COMMENT_TOO_LONG_MESSAGE,
  orderDataOf,
  orderItemsOf,
  orderSubmissionOf,
  TERMS_NOT_ACCEPTED_MESSAGE,
  visibleCartProblem,
  type CartChangedEvent,
  type CartCheckoutContext,
  type CartCheckoutEvent,
  type CartCheckoutInput,
  type CartLoaded,
  type CartLoadInput,
  type CartSaveInput,
  type CartSubmitInput,
} from './cartCheckout/cartCheckout.machine.ts';

// An approver's decision on an order (issue 15): spec 02 §7 APPROVE / REJECT; spec 03 §2.1 Pending orders.
export {
  addDays,
  DEFAULT_ORDER_DOWNLOAD_DAYS,
  isCalendarDate,
  ORDER_DECISION_COMMENT_MAX_LENGTH,
  ORDER_NOT_PENDING_MESSAGE,
  orderDecisionErrorMessage,
  orderDecisionMachine,
  orderDecisionProblems,
  orderDecisionRequestOf,
  type OrderDecisionContext,
  type OrderDecisionEvent,
  type OrderDecisionInput,
  type OrderDecisionKind,
  type OrderDecisionRequest,
} from './orderDecision/orderDecision.machine.ts';

// Invitation wizard: spec 01 §2 Invitation wizard, §3 Invitation (create), §5, §7, §8, §9.
export {
  buildInvitationRequest,
  GROUP_SEARCH_DELAY_MS,
  GROUP_SEARCH_FAILED,
  groupSearchOptions,
  INVITATION_DATA_VALIDATION_FAILED,
  INVITATION_INSERT_FAILED,
  INVITATION_TYPES,
  invitationErrorMessage,
  INVITE_WIZARD_CANCEL_LABELS,
  inviteWizardCancelLabel,
  inviteWizardCanProceed,
  inviteWizardMachine,
  inviteWizardStep,
  NO_INVITATION_LINK,
  NO_INVITATIONS_SENT,
  type GroupSearchInput,
  type InvitationCreateRequest,
  type InvitationCreateResponse,
  type InvitationRequestError,
  type InvitationType,
  type InviteWizardContext,
  type InviteWizardEvent,
  type InviteWizardInput,
  type InviteWizardOutput,
  type InviteWizardSnapshot,
} from './inviteWizard/inviteWizard.machine.ts';
export { DEFAULT_GROUP_NAMES, isDefaultGroup, type GroupRef } from './inviteWizard/groups.ts';
export {
  DOMAIN_NOT_VALID,
  EMAIL_IN_LIST,
  EMAIL_LIST_EMPTY,
  EMAIL_MAX_LENGTH,
  EMAIL_NOT_VALID,
  emailAddError,
  isEmailInList,
  isValidDomain,
  isValidEmail as isValidInvitationEmail,
  isValidPresetEmail,
  pasteEmails,
  splitPastedEmails,
  type EmailError,
  type PastedEmails,
} from './inviteWizard/validation.ts';

// Site-owner hand-over: spec 03 §4 Site-owner change, §2.8, §6, §7, §8; spec 01 §8 logout error.
export {
  LOGOUT_ERROR,
  SITE_OWNER_FORBIDDEN,
  SITE_OWNER_INVALID_CONFIGURATION,
  siteOwnerErrorMessage,
  siteOwnerHandoverMachine,
  type ChangeSiteOwnerInput,
  type SiteOwnerCandidate,
  type SiteOwnerHandoverContext,
  type SiteOwnerHandoverEvent,
  type SiteOwnerHandoverInput,
  type SiteOwnerHandoverOutput,
  type SiteOwnerRequestError,
  type SiteOwnerUser,
} from './siteOwnerHandover/siteOwnerHandover.machine.ts';

// Archive save: spec 03 §2.12, §4 archive dialog, §5 Archive save, §7, §8 Archive save.
export {
  archiveSaveMachine,
  type ArchiveSaveContext,
  type ArchiveSaveEvent,
  type ArchiveSaveInput,
  type ArchiveSaveOutput,
  type SaveArchiveInput,
} from './archiveSave/archiveSave.machine.ts';
export {
  ARCHIVE_NAME_MUST_BE_UNIQUE,
  ARCHIVE_NAME_REQUIRED,
  ARCHIVE_NAME_UNIQUE,
  ARCHIVE_SAVE_ERROR_MESSAGES,
  ARCHIVE_SAVE_GENERAL_ERROR,
  archiveSaveErrorMessage,
  archiveSaveErrorMessages,
  EMPTY_PROFILE_ID,
  METADATA_SET_REQUIRED,
  newArchiveDraft,
  PATH_OR_POOL_REQUIRED,
  prepareArchiveForSave,
  PROCESSING_PROFILE_REQUIRED,
  PROCESSING_PROFILE_SET_REQUIRED,
  PROCESSING_TYPE,
  SPECIAL_MEMBER_ID,
  TOO_MANY_ARCHIVES,
  validateArchive,
  type ArchiveDownloadProcessing,
  type ArchiveDraft,
  type ArchiveField,
  type ArchiveMember,
  type ArchiveNameRules,
  type ArchiveProperty,
  type ArchiveSaveIssue,
  type ArchiveSaveRequestError,
  type ArchiveValidationError,
} from './archiveSave/archiveValidation.ts';

// Member edit lists: spec 03 §4 add and remove lists, §7 PATCH {add, remove}, §8; spec 01 §5 default groups.
export {
  CIRCULAR_GROUP_MEMBERS,
  CIRCULAR_MEMBER_OF,
  currentMembers,
  isDefaultGroupHref,
  isMemberRemovable,
  memberChanges,
  memberEditErrorMessage,
  memberEditListMachine,
  type ApplyMemberChangesInput,
  type MemberEditListContext,
  type MemberEditListEvent,
  type MemberEditListInput,
  type MemberEditListOutput,
  type MemberEditRequestError,
  type MemberListKind,
  type MemberRef,
} from './memberEditList/memberEditList.machine.ts';

// Group permission switches: spec 03 §2.6, §3.3, §4 group permission dependencies, §5 Group.
export {
  ALBUM_PERMISSIONS,
  getGroupPermission,
  GROUP_PERMISSION_KEYS,
  groupPermissionList,
  groupPermissionsMachine,
  isGroupPermissionDisabled,
  isGroupPermissionShown,
  PLAIN_GROUP_PERMISSIONS,
  setGroupPermission,
  toGroupPermissions,
  type AlbumPermission,
  type GroupPermissionKey,
  type GroupPermissions,
  type GroupPermissionsContext,
  type GroupPermissionsEvent,
  type GroupPermissionsInput,
  type GroupPermissionsInputs,
  type PlainGroupPermission,
} from './groupPermissions/groupPermissions.machine.ts';

// Archive member permissions: spec 03 §3.11, §4 Archive permission dependencies, select all, §5 offered groups.
export {
  ARCHIVE_PERMISSION_IDS,
  ARCHIVE_PERMISSION_REQUIRES,
  archivePermissionsMachine,
  CONSENT_PERMISSIONS,
  DEFAULT_MEMBER_PERMISSIONS,
  dependentsOf,
  HISTORY_PERMISSIONS,
  isArchivePermissionId,
  lockedArchivePermissions,
  offeredArchivePermissions,
  prerequisitesOf,
  sortArchivePermissions,
  tickArchivePermission,
  untickArchivePermission,
  type ArchivePermissionId,
  type ArchivePermissionOffer,
  type ArchivePermissionsContext,
  type ArchivePermissionsEvent,
  type ArchivePermissionsInput,
} from './archivePermissions/archivePermissions.machine.ts';

// Asset history panel: spec 01 §7 Revisions, §3 Revision; spec 03 §3.11 HistoryView, HistoryRollback, HistoryManage.
export {
  REVISION_HISTORY_MESSAGES,
  revisionHistoryMachine,
  type AssetChangedEvent,
  type CompareRevisionsInput,
  type LoadRevisionsInput,
  type PendingRevisionChange,
  type RevisionComparison,
  type RevisionHistoryContext,
  type RevisionHistoryError,
  type RevisionHistoryEvent,
  type RevisionHistoryInput,
  type RevisionHistoryPermissions,
  type RevisionRef,
} from './revisionHistory/revisionHistory.machine.ts';

// User save: spec 03 §2.7, §4 saving a user, §5 User save, §7, §8 user errors.
export {
  OUT_OF_LICENSES_MESSAGE,
  USER_EXISTS_MESSAGE,
  USER_FORBIDDEN_MESSAGE,
  USER_INVALID_MESSAGE,
  userSaveErrorMessage,
  userSaveMachine,
  type SaveMembershipsInput,
  type SaveUserInput,
  type SaveUserOutput,
  type UserSaveContext,
  type UserSaveEvent,
  type UserSaveInput,
  type UserSaveOutput,
  type UserSaveRequestError,
} from './userSave/userSave.machine.ts';
export {
  createFormSaveMachine,
  type FormSaveCallInput,
  type FormSaveContext,
  type FormSaveEvent,
  type FormSaveInput,
  type FormSaveMembershipsInput,
  type FormSaveOutput,
  type FormSaveRules,
  type SavedRecord,
} from './formSave/createFormSaveMachine.ts';
export {
  CIRCULAR_GROUP_MEMBERS_TEXT,
  CIRCULAR_MEMBER_OF_TEXT,
  GROUP_EXISTS_TEXT,
  GROUP_FORBIDDEN_TEXT,
  GROUP_INVALID_TEXT,
  GROUP_NAME_REQUIRED,
  groupCreateBody,
  groupPatch,
  groupProblems,
  groupSaveErrorMessage,
  groupSaveMachine,
  groupValues,
  type GroupFormSource,
  type GroupFormValues,
  type GroupSaveInput,
  type SaveGroupInput,
  type SaveGroupMembershipsInput,
  type SavedGroup,
} from './groupSave/groupSave.machine.ts';
export {
  DISCOUNT_RANGE,
  EMAIL_INVALID_MESSAGE,
  isSettingPassword,
  keptProperties,
  newUserValues,
  parseDiscount,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_PLACEHOLDER_LENGTH,
  passwordPlaceholder,
  requiredMessage,
  USER_DETAIL_FIELDS,
  USER_FIELD_LABELS,
  userCreateBody,
  userFormProblems,
  userPatch,
  userValues,
  type PropertyRow,
  type UserDetailField,
  type UserFormField,
  type UserFormProblem,
  type UserFormValues,
} from './userSave/userForm.ts';

// Changing one's own password: spec 03 §2.9 Change password, §2.11 forced change, §8; dam.yaml changeOwnPassword.
export {
  CURRENT_PASSWORD_REQUIRED,
  PASSWORD_UNCHANGED,
  passwordChangeErrorOf,
  passwordChangeMachine,
  passwordChangeProblems,
  PASSWORDS_DO_NOT_MATCH,
  TOO_MANY_PASSWORD_ATTEMPTS,
  visiblePasswordChangeProblems,
  WEAK_PASSWORD,
  WRONG_CURRENT_PASSWORD,
  type ChangePasswordActorInput,
  type PasswordChangeContext,
  type PasswordChangeDraft,
  type PasswordChangeError,
  type PasswordChangeEvent,
  type PasswordChangeField,
  type PasswordChangeInput,
  type PasswordChangeProblems,
  type PasswordChangeRequestError,
} from './passwordChange/passwordChange.machine.ts';

// Setting a new password with a reset link: issue 14 Password reset; dam.yaml getPasswordReset, completePasswordReset.
export {
  linkRefusalOf,
  PASSWORD_RESET_LINK_TEXTS,
  passwordResetErrorOf,
  passwordResetLinkProblemOf,
  passwordResetMachine,
  passwordResetProblems,
  visiblePasswordResetProblems,
  type PasswordResetContext,
  type PasswordResetDraft,
  type PasswordResetError,
  type PasswordResetEvent,
  type PasswordResetField,
  type PasswordResetInput,
  type PasswordResetLinkProblem,
  type PasswordResetLinkStatus,
  type PasswordResetProblems,
  type PasswordResetRequestError,
  type SetPasswordActorInput,
} from './passwordReset/passwordReset.machine.ts';

export {
  BATCH_ACTION,
  BATCH_FORBIDDEN_MESSAGE,
  BATCH_INVALID_MESSAGE,
  batchChangeProblem,
  batchEditMachine,
  batchErrorMessage,
  batchTargets,
  batchUpdateData,
  COMPANY_MAX_LENGTH,
  COMPANY_TOO_LONG_MESSAGE,
  EXPIRY_INVALID_MESSAGE,
  isBatchAvailable,
  LICENSE_UNCHANGED_MESSAGE,
  NOBODY_TO_CHANGE_MESSAGE,
  type BatchApplyInput,
  type BatchChange,
  type BatchEditContext,
  type BatchEditEvent,
  type BatchEditInput,
  type BatchEditOutput,
  type BatchOperation,
  type BatchResult,
  type BatchSkipped,
  type BatchUser,
} from './batchEdit/batchEdit.machine.ts';

export {
  API_CLIENT_ACTING_AS_REQUIRED,
  API_CLIENT_FORBIDDEN,
  API_CLIENT_NAME_MAX_LENGTH,
  API_CLIENT_NAME_REQUIRED,
  API_CLIENT_NAME_TOO_LONG,
  apiClientErrorMessage,
  apiClientProblems,
  apiClientRegisterMachine,
  type ApiClientDraft,
  type ApiClientRegisterContext,
  type ApiClientRegisterEvent,
  type ApiClientRegisterOutput,
  type RegisteredApiClient,
} from './apiClientRegister/apiClientRegister.machine.ts';

export {
  isHttpUrl,
  WEBHOOK_EVENT_NAMES,
  WEBHOOK_EVENTS_REQUIRED,
  WEBHOOK_FORBIDDEN,
  WEBHOOK_URL_INVALID,
  WEBHOOK_URL_MAX_LENGTH,
  WEBHOOK_URL_REQUIRED,
  WEBHOOK_URL_TOO_LONG,
  webhookErrorMessage,
  webhookProblems,
  webhookRegisterMachine,
  type RegisteredWebhook,
  type WebhookDraft,
  type WebhookEventName,
  type WebhookRegisterContext,
  type WebhookRegisterEvent,
  type WebhookRegisterOutput,
} from './webhookRegister/webhookRegister.machine.ts';

export {
  DEVICE_TOKENS_FORBIDDEN,
  DEVICE_TOKENS_SPINNER_MS,
  deviceTokenResetErrorMessage,
  deviceTokenResetMachine,
  type DeviceTokenResetContext,
  type DeviceTokenResetEvent,
  type DeviceTokenResetInput,
} from './deviceTokenReset/deviceTokenReset.machine.ts';

// Activity exports: issue 15, spec 03 §2.1 (the activity log, its filters and older pages).
export {
  ACTIVITY_FORBIDDEN,
  NO_ACTIVITY_FILTERS,
  activityLogErrorMessage,
  activityLogMachine,
  type ActivityFilters,
  type ActivityLogContext,
  type ActivityLogEvent,
  type ActivityLogInput,
  type ActivityPage,
} from './activityLog/activityLog.machine.ts';

// Pins: issue 13, spec 01 §3 Pins, §4 Pinning, §7, §8 pinLimit.
export {
  PIN_LIMIT_NOTICE,
  pinErrorMessage,
  pinLimitMessage,
  pinsMachine,
  type PinEntry,
  type PinsAnswer,
  type PinsContext,
  type PinsEvent,
  type PinsInput,
  type PinsNotice,
  type PinsSaveAnswer,
  type PinsSaveInput,
} from './pins/pins.machine.ts';

// Folder dialog: issue 13, spec 01 §3 Folder, §5 name rule.
export {
  FOLDER_EXISTS_MESSAGE,
  FOLDER_SAME_NAME_MESSAGE,
  folderEditErrorMessage,
  folderEditMachine,
  folderEditProblem,
  type FolderEditContext,
  type FolderEditEvent,
  type FolderEditInput,
  type FolderEditMode,
  type FolderSaveInput,
  type SavedFolder,
} from './folderEdit/folderEdit.machine.ts';

// Add to album: issue 13, spec 01 §2 asset selection, §8 "Album could not be created, try again later".
export {
  ALBUM_CHOOSE_MESSAGE,
  ALBUM_CREATE_FAILED_MESSAGE,
  ALBUM_NAME_LIMIT,
  albumAddErrorMessage,
  albumAddMachine,
  albumNameProblem,
  type AlbumAddContext,
  type AlbumAddEvent,
  type AlbumAddFailure,
  type AlbumAddInput,
  type AlbumAddRequest,
  type AlbumAddResult,
  type AlbumChoice,
} from './albumAdd/albumAdd.machine.ts';

// Name dialogs (folders, albums): issue 13.
export {
  createNameEditMachine,
  type NameEditContext,
  type NameEditEvent,
  type NameEditInput,
  type NameEditMode,
  type NameEditRules,
  type SavedName,
} from './nameEdit/nameEdit.factory.ts';

// Album name dialog: issue 13, spec 01 §8.
export { ALBUM_SAME_NAME_MESSAGE, albumEditErrorMessage, albumEditMachine, albumEditProblem } from './albumEdit/albumEdit.machine.ts';

// Share dialog of an album: issue 13, spec 01 §8 "Share failed".
export {
  SHARE_FAILED_MESSAGE,
  SHARE_PASSWORD_MIN,
  albumShareErrorMessage,
  albumShareMachine,
  shareLinkProblem,
  type AlbumShareContext,
  type AlbumShareEvent,
  type AlbumShareInput,
  type ShareLinkRequest,
  type ShareLinkView,
} from './albumShare/albumShare.machine.ts';

// A share link's public page: issue 13.
export {
  SHARE_PASSWORD_EMPTY_MESSAGE,
  SHARE_WRONG_PASSWORD_MESSAGE,
  shareUnlockErrorMessage,
  sharedAlbumMachine,
  type SharedAlbumAsset,
  type SharedAlbumContext,
  type SharedAlbumEvent,
  type SharedAlbumInput,
  type SharedAlbumPage,
} from './sharedAlbum/sharedAlbum.machine.ts';

// New metadata view (archive dialog): issue 12, spec 03 §2.12, §7.
export {
  METADATA_VIEW_NAME_MAX,
  METADATA_VIEW_NAME_REQUIRED,
  metadataViewCreateErrorMessage,
  metadataViewCreateMachine,
  metadataViewNameProblem,
  type CreatedMetadataView,
  type MetadataViewCreateCall,
  type MetadataViewCreateContext,
  type MetadataViewCreateEvent,
  type MetadataViewCreateInput,
} from './metadataViewCreate/metadataViewCreate.machine.ts';
// File operations (rename, move, copy, rotate, delete as background tasks): issue 13, spec 01 §2, §4, §7, §8.
export {
  FILE_OPERATION_CHOOSE_MESSAGE,
  FILE_OPERATION_ERROR_MESSAGES,
  fileOperationErrorMessage,
  fileOperationMachine,
  fileOperationOutcome,
  type FileDestination,
  type FileOperationContext,
  type FileOperationEvent,
  type FileOperationInput,
  type FileOperationKind,
  type FileRotation,
  type FileTaskRequest,
  type FileTaskResult,
} from './fileOperation/fileOperation.machine.ts';

// Smart folders (save a search, rename): issue 13, spec 01 §3 "Folder or smart folder", §7.
export {
  SMART_FOLDER_EXISTS_MESSAGE,
  SMART_FOLDER_NAME_LIMIT,
  SMART_FOLDER_SAME_NAME_MESSAGE,
  smartFolderEditErrorMessage,
  smartFolderEditMachine,
  smartFolderEditProblem,
} from './smartFolderEdit/smartFolderEdit.machine.ts';

// A folder tile's colour and icon: issue 13, spec 02 §2 Collection tile, §9.
export {
  collectionStyleErrorMessage,
  collectionStyleMachine,
  type CollectionStyle,
  type CollectionStyleContext,
  type CollectionStyleEvent,
  type CollectionStyleInput,
} from './collectionStyle/collectionStyle.machine.ts';

// Manage site → Appearance: issue 15, spec 01 §3, §7; spec 02 §3 customTitleBarButtons.
export {
  appearanceEditorMachine,
  appearanceErrorMessage,
  cssDraftProblem,
  titleBarButtonProblems,
  titleBarButtonsToSave,
  type AppearanceEditorContext,
  type AppearanceEditorEvent,
  type AppearanceSaved,
  type TitleBarButtonProblem,
} from './appearanceEditor/appearanceEditor.machine.ts';

// Ctrl+Shift+Z clears the custom CSS after a prompt: issue 15, spec 01 §2 Keyboard, prompt modal, §7, §8.
export {
  CUSTOM_CSS_NOTICE_AUTOCLOSE_MS,
  customCssResetErrorMessage,
  customCssResetMachine,
  type CustomCssClearInput,
  type CustomCssResetContext,
  type CustomCssResetEvent,
} from './customCssReset/customCssReset.machine.ts';

// The trash's restore and purge: issue 13 trash, spec 01 §2 prompt modal and notifications, §8; dam.yaml updateTrash.
export {
  TRASH_NOTICE_AUTOCLOSE_MS,
  trashActionErrorMessage,
  trashActionMachine,
  trashActionNotice,
  trashUpdateOf,
  type TrashActionContext,
  type TrashActionEvent,
  type TrashActionInput,
  type TrashActionKind,
  type TrashActionRequest,
  type TrashUpdateInput,
} from './trashAction/trashAction.machine.ts';

// Comments on an album: issue 13, spec 03 §3.3 albums.comment and moderateComments, spec 01 §2 prompt modal, §8.
export {
  albumCommentErrorMessage,
  albumCommentsMachine,
  isPostableComment,
  type AlbumCommentRequest,
  type AlbumCommentSendInput,
  type AlbumCommentsContext,
  type AlbumCommentsEvent,
  type AlbumCommentsInput,
} from './albumComments/albumComments.machine.ts';

// The public sign-up page: issue 14, spec 01 §3 "Sign-up", spec 03 §3.7, §5 "Sign-up details"; dam.yaml getSignupForm, submitSignup.
export {
  answerKey as signupAnswerKey,
  SIGNUP_EMAIL_INVALID,
  SIGNUP_EXISTS_MESSAGE,
  SIGNUP_TEXT_FIELDS,
  SIGNUP_TOO_MANY_MESSAGE,
  SIGNUP_UNAVAILABLE_MESSAGES,
  signupAnswers,
  signupFailureMessage,
  signupFormUnavailableReason,
  signupMachine,
  signupProblems,
  signupRefusal,
  signupRequestOf,
  signupUnavailableReason,
  type SignupContext,
  type SignupEvent,
  type SignupInput,
  type SignupTextField,
  type SignupUnavailableReason,
  type SignupValues,
} from './signup/signup.machine.ts';

// The approve-user modal: issue 14, spec 01 §2 approve-user modal, §5 group rules, §9; spec 03 §2.10, §7 APPROVE, §8 Sign-ups.
export {
  SIGNUP_ADD_USER_FAILED,
  SIGNUP_GROUP_VALIDATION_FAILED,
  SIGNUP_NOT_FOUND_MESSAGE,
  SIGNUP_OUT_OF_LICENSES_MESSAGE,
  SIGNUP_USER_EXISTS_MESSAGE,
  signupApprovalMachine,
  signupApprovalOptions,
  signupApproveErrorMessage,
  type SignupApprovalContext,
  type SignupApprovalEvent,
  type SignupApprovalInput,
  type SignupApproveInput,
} from './signupApproval/signupApproval.machine.ts';

// The sign-up settings screen: issue 14, spec 03 §3.7 extra fields, §2.10/§6 adminCanAssignGroups; dam.yaml getSignupSettings, updateSignupSettings.
export {
  SIGNUP_SETTINGS_INVALID_MESSAGE,
  SIGNUP_SETTINGS_LOAD_FAILED,
  signupChoicesOf,
  signupFieldIdFromLabel,
  signupProblemsAt,
  signupSettingsChanged,
  signupSettingsDraftOf,
  signupSettingsErrorMessage,
  signupSettingsIssues,
  signupSettingsMachine,
  signupSettingsOf,
  signupSettingsProblems,
  type SignupFieldChange,
  type SignupFieldDraft,
  type SignupFieldType,
  type SignupSettingsContext,
  type SignupSettingsDraft,
  type SignupSettingsEvent,
  type SignupSettingsInput,
  type SignupSettingsSaveInput,
} from './signupSettings/signupSettings.machine.ts';
export {
  CONSENT_SETTINGS_DEFAULT_ERROR,
  CONSENT_SETTINGS_LOAD_FAILED,
  CONSENT_URL_EXPIRY_MAX_DAYS,
  consentSettingsChanged,
  consentSettingsErrorMessage,
  consentSettingsMachine,
  consentSettingsProblems,
  type ConsentSettingsContext,
  type ConsentSettingsEditEvent,
  type ConsentSettingsEvent,
  type ConsentSettingsProblem,
} from './consentSettings/consentSettings.machine.ts';
export { addConsentItem, changeConsentItem, consentIdOf, removeConsentItem, type ConsentListItems, type ConsentListsChange } from './consentSettings/consentLists.ts';
export {
  ACTIVITY_LOGGING_DEFAULT_ERROR,
  ACTIVITY_LOGGING_DEFAULTS,
  ACTIVITY_LOGGING_LOAD_FAILED,
  activityLoggingChanged,
  activityLoggingMachine,
  editActivityLogging,
  type ActivityLoggingContext,
  type ActivityLoggingEditEvent,
  type ActivityLoggingEvent,
} from './activityLogging/activityLogging.machine.ts';
export {
  CONSENT_FORM_STATE_OPTIONS,
  CONSENT_PANEL_DEFAULT_ERROR,
  CONSENT_PANEL_LOAD_FAILED,
  CONSENT_CHANGE_FAILED,
  CONSENT_PICKER_FAILED,
  consentFormDraftOf,
  consentFormFieldsOf,
  consentFormProblems,
  consentPanelMachine,
  coversAsset,
  EMPTY_CONSENT_FORM,
  type ConsentFormChoices,
  type ConsentFormDraft,
  type ConsentFormLinkInput,
  type ConsentFormProblem,
  type ConsentFormRemoveInput,
  type ConsentFormSaveInput,
  type ConsentFormSearchInput,
  type ConsentPanelContext,
  type ConsentPanelEvent,
  type ConsentPanelInput,
} from './consentPanel/consentPanel.machine.ts';

// The order settings (issue 15): the orderer's fields and the terms.
export {
  ORDER_SETTINGS_INVALID_MESSAGE,
  ORDER_SETTINGS_LOAD_FAILED,
  ORDER_TERMS_MAX_LENGTH,
  orderConfigOf,
  orderSettingsChanged,
  orderSettingsDraftOf,
  orderSettingsErrorMessage,
  orderSettingsMachine,
  orderSettingsProblems,
  type OrderSettingsContext,
  type OrderSettingsDraft,
  type OrderSettingsEvent,
  type OrderSettingsInput,
  type OrderSettingsSaveInput,
} from './orderSettings/orderSettings.machine.ts';

// The state chart the settings screens with a list of form fields share (sign-up and order settings).
export {
  createFieldListSettingsMachine,
  type FieldListDraft,
  type FieldListEditEvent,
  type FieldListSettingsContext,
  type FieldListSettingsEvent,
  type FieldListSettingsInput,
  type FieldListSettingsRules,
  type OwnEditEvent,
} from './fieldListSettings/createFieldListSettingsMachine.ts';
export {
  PROCESSING_PROFILE_FORMATS,
  PROCESSING_PROFILE_MAX_SIZE,
  PROCESSING_PROFILE_NAME_MAX,
  isWholeProcessingProfile,
  processingProfileBody,
  processingProfileChange,
  processingProfileErrorField,
  processingProfileErrorMessage,
  processingProfileProblems,
  processingProfileSaveMachine,
  processingProfileValues,
  type ProcessingProfileBody,
  type ProcessingProfileField,
  type ProcessingProfileFormat,
  type ProcessingProfileFormValues,
  type ProcessingProfileProblem,
  type ProcessingProfileSaveInput,
  type ProcessingProfileSource,
  type SavedProcessingProfile,
  type SaveProcessingProfileInput,
} from './processingProfileSave/processingProfileSave.machine.ts';
export {
  WATERMARK_IMAGE_MAX_BYTES,
  WATERMARK_IMAGE_TYPES,
  WATERMARK_NAME_MAX,
  WATERMARK_POSITIONS,
  dataUrlImage,
  isWholeWatermark,
  watermarkBody,
  watermarkChange,
  watermarkErrorField,
  watermarkErrorMessage,
  watermarkImageProblem,
  watermarkProblems,
  watermarkSaveMachine,
  watermarkValues,
  type SavedWatermark,
  type SaveWatermarkInput,
  type WatermarkBody,
  type WatermarkChange,
  type WatermarkField,
  type WatermarkFormValues,
  type WatermarkPosition,
  type WatermarkProblem,
  type WatermarkSaveInput,
  type WatermarkSource,
} from './watermarkSave/watermarkSave.machine.ts';
