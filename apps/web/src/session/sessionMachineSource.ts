/** Where the web app gets the session machine from (`@magpie/machines`, spec 01 §4 Session): the only import of it. */
export {
  isGuestAddress,
  LOGOUT_ERROR_NOTICE,
  sessionGuestDescriptor,
  sessionMachine,
  sessionRedirect,
  type CheckAuthOutput,
  type GuestAccessAnswer,
  type GuestDescriptor,
  type KeepaliveInput,
  type LogoutInput,
  type SessionDescriptor,
  type SessionInput,
  type SessionNotice,
  loginUrlFor,
} from '@magpie/machines';
