import type { Text } from './texts';

/**
 * Every user-facing message of the catalogue, each with its one exact English wording
 * (docs/product.md#messages) and its id in the message catalogs (ADR 042).
 */
export const MESSAGES = {
  loginFailed: /*i18n*/ { id: 'messages.loginFailed', message: 'Failed to log in' },
  registerFailed: /*i18n*/ {
    id: 'messages.registerFailed',
    message: 'Failed to register. Please try again.',
  },
  registerSucceeded: /*i18n*/ {
    id: 'messages.registerSucceeded',
    message: 'Registration successful! Redirecting you to login...',
  },
  profileLoadFailed: /*i18n*/ {
    id: 'messages.profileLoadFailed',
    message: 'Failed to load user data. Please try again later.',
  },
  profileUpdateFailed: /*i18n*/ {
    id: 'messages.profileUpdateFailed',
    message: 'Failed to update profile. Please try again later.',
  },
  logoutFailed: /*i18n*/ {
    id: 'messages.logoutFailed',
    message: 'Failed to log out. Please try again.',
  },
  progressLoadFailed: /*i18n*/ {
    id: 'messages.progressLoadFailed',
    message: 'Failed to load test results. Please try again later.',
  },
  progressEmpty: /*i18n*/ { id: 'messages.progressEmpty', message: 'No test results available.' },
  progressUnknownTestType: /*i18n*/ {
    id: 'messages.progressUnknownTestType',
    message: 'No details available for this test type.',
  },
  startFailed: /*i18n*/ {
    id: 'messages.startFailed',
    message: 'Failed to start the test. Please try again.',
  },
  mockDataFailed: /*i18n*/ {
    id: 'messages.mockDataFailed',
    message: 'An error occurred while generating mock data.',
  },
  mockDataSucceeded: /*i18n*/ {
    id: 'messages.mockDataSucceeded',
    message: 'Mock data generated and saved.',
  },
  adminPageForbidden: /*i18n*/ {
    id: 'messages.adminPageForbidden',
    message: 'You do not have permission to view this page.',
  },
  renderError: /*i18n*/ { id: 'messages.renderError', message: 'Something went wrong.' },
  adminNoPrivileges: /*i18n*/ {
    id: 'messages.adminNoPrivileges',
    message: 'You do not have admin privileges',
  },
  researcherNoPrivileges: /*i18n*/ {
    id: 'messages.researcherNoPrivileges',
    message: 'You do not have researcher privileges',
  },
  /** Login with the right password to an account an admin deactivated. */
  accountDeactivated: /*i18n*/ {
    id: 'messages.accountDeactivated',
    message: 'This account has been deactivated. Please contact an administrator.',
  },
  /** Any request but the password change, from a user whose password an admin set. */
  passwordChangeRequired: /*i18n*/ {
    id: 'messages.passwordChangeRequired',
    message: 'Choose a new password before you continue.',
  },
  twoFactorSetupRequired: /*i18n*/ {
    id: 'messages.twoFactorSetupRequired',
    message: 'Set up two-factor login before you continue.',
  },
  setupLinkInvalid: /*i18n*/ {
    id: 'messages.setupLinkInvalid',
    message:
      'This setup link is not valid: it works once, until the server restarts, and only while there is no admin. Use the link the server printed last, or ask whoever runs the server.',
  },
} as const satisfies Record<string, Text>;

/** The admin panel shows failures as 'Error: {message}'. */
export const ADMIN_PANEL_ERROR: Text = /*i18n*/ {
  id: 'messages.adminPanelError',
  message: 'Error: {message}',
};
