/** Shown on the footer, privacy and terms pages. */
export const CONTACT_EMAIL = 'contact@cogni.example';
