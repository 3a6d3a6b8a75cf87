// The folder upload with a 200 MiB multipart file into an S3 store: the product's server started with S3_*
// settings pointing at an s3rver of this spec's own. The browser sends the bytes to s3rver directly.
import { test, uploadsAlbum } from './support/uploads.ts'

test.use({ store: 's3' })

test.beforeEach(async ({ layout, uploadPage, access }) => {
  await layout.useSession(access.sessionKey)
  await uploadPage.useFileInputs()
})

test('uploads a folder of 50 files with a 200 MiB one into an S3 store', async ({
  uploadPage,
  fileList,
  page,
  workDir,
}) => {
  test.setTimeout(150_000)
  await uploadsAlbum({ uploadPage, fileList, page, workDir }, 's3')
})
