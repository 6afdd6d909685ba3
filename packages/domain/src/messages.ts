/**
 * Every user-facing message of the catalogue, each with its one exact wording
 * (docs/product.md#messages).
 */
export const MESSAGES = {
  loginFailed: 'Failed to log in',
  registerFailed: 'Failed to register. Please try again.',
  registerSucceeded: 'Registration successful! Redirecting you to login...',
  profileLoadFailed: 'Failed to load user data. Please try again later.',
  profileUpdateFailed: 'Failed to update profile. Please try again later.',
  logoutFailed: 'Failed to log out. Please try again.',
  progressLoadFailed: 'Failed to load test results. Please try again later.',
  progressEmpty: 'No test results available.',
  progressUnknownTestType: 'No details available for this test type.',
  startFailed: 'Failed to start the test. Please try again.',
  mockDataFailed: 'An error occurred while generating mock data.',
  mockDataSucceeded: 'Mock data generated and saved.',
  adminPageForbidden: 'You do not have permission to view this page.',
  renderError: 'Something went wrong.',
  adminNoPrivileges: 'You do not have admin privileges',
  researcherNoPrivileges: 'You do not have researcher privileges',
  /** Login with the right password to an account an admin deactivated. */
  accountDeactivated: 'This account has been deactivated. Please contact an administrator.',
  /** Any request but the password change, from a user whose password an admin set. */
  passwordChangeRequired: 'Choose a new password before you continue.',
  twoFactorSetupRequired: 'Set up two-factor login before you continue.',
  setupLinkInvalid:
    'This setup link is not valid: it works once, until the server restarts, and only while there is no admin. Use the link the server printed last, or ask whoever runs the server.',
} as const;

/** The admin panel shows failures as 'Error: {message}'. */
export function formatAdminPanelError(message: string): string {
  return `Error: ${message}`;
}
