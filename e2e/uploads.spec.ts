// The upload suite on the product's local store.
import { describeUploadSuite } from './support/uploadSuite.ts'

describeUploadSuite('local')
