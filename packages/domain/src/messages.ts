/**
 * Every user-facing message of the spec's error catalogue (product-spec section 8),
 * with the exact wording the spec requires (decisions D21).
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
  stroopStartFailed: 'Failed to start the test. Please try again.',
  mockDataFailed: 'An error occurred while generating mock data.',
  mockDataSucceeded: 'Mock data generated and saved.',
  adminPageForbidden: 'You do not have permission to view this page.',
  renderError: 'Something went wrong.',
  adminNoPrivileges: 'You do not have admin privileges',
  /** Login with the right password to an account an admin deactivated. */
  accountDeactivated: 'This account has been deactivated. Please contact an administrator.',
  /** Any request but the password change, from a user whose password an admin set. */
  passwordChangeRequired: 'Choose a new password before you continue.',
} as const;

/** The admin panel shows failures as 'Error: {message}' (spec section 8). */
export function formatAdminPanelError(message: string): string {
  return `Error: ${message}`;
}
