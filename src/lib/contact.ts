// The product's contact addresses, shown on the home screen and the Enterprise card. A deployment names
// its own at build time; otherwise they are the support and sales mailboxes of the site's own host.
const host = typeof location === 'undefined' ? 'localhost' : location.hostname

export const SUPPORT_EMAIL: string =
  (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) || `support@${host}`
export const SALES_EMAIL: string = (import.meta.env.VITE_SALES_EMAIL as string | undefined) || `sales@${host}`
