// Login codes belong to the sign-in attempt that asked for them: a random secret the server hands the
// asking browser in a cookie keeps only its SHA-256 here, and a code is checked only together with it.
// Codes made before this have no attempt and can no longer be used (they lived 10 minutes anyway).
export default `
ALTER TABLE login_code ADD COLUMN attempt_hash bytea;
`
