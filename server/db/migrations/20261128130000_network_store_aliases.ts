// A network store's endpoint aliases: other endpoint URLs (origins) that reach the same S3-compatible service
// and bucket. The store's signed URLs are spread over its endpoint and these, since a browser keeps at most
// 6 HTTP/1.1 connections per host (storage/s3Addressing.ts). Empty for the stores there are.
export default `
ALTER TABLE s3_bucket ADD COLUMN s3_host_aliases text[] NOT NULL DEFAULT '{}';
`
