// The upload suite on an S3 store: the product's server started with S3_* settings pointing at an s3rver of
// this spec's own, so the browser sends and fetches the bytes to and from s3rver directly.
import { describeUploadSuite } from './support/uploadSuite.ts'
import { test } from './support/uploads.ts'

test.use({ store: 's3' })

describeUploadSuite('s3')
