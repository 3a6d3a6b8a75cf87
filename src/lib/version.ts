// Versions shown by the product (specification 000, section 9).
export const APP_VERSION = '1.0.173'
