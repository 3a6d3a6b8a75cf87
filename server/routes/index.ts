// The registry: every route module of the API, one per path resource, each registering its routes from
// the endpoint table (server/contract/endpoints.ts). app.ts registers this list and nothing else; a new
// admin area adds its module here.
import type { FastifyInstance } from 'fastify'
import { accountRoutes } from './accounts.ts'
import { appRoutes } from './apps.ts'
import { auditRoutes } from './audit.ts'
import { deviceProtocolRoutes } from './deviceProtocol.ts'
import { deviceRoutes } from './devices.ts'
import { downloadRoutes } from './downloads.ts'
import { grantRoutes } from './grants.ts'
import { healthRoutes } from './health.ts'
import { invoiceRoutes } from './invoices.ts'
import { mediaRoutes } from './media.ts'
import { networkStoreRoutes } from './networkStores.ts'
import { openApiRoutes } from './openApi.ts'
import { orgRoutes } from './orgs.ts'
import { paymentMethodRoutes } from './paymentMethods.ts'
import { planRoutes } from './plans.ts'
import { shareLinkRoutes } from './shareLinks.ts'
import { uploadRoutes } from './uploads.ts'
import { userRoutes } from './users.ts'
import { volumeRoutes } from './volumes.ts'

export const routeModules: ReadonlyArray<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  openApiRoutes,
  planRoutes,
  accountRoutes,
  orgRoutes,
  paymentMethodRoutes,
  invoiceRoutes,
  networkStoreRoutes,
  volumeRoutes,
  grantRoutes,
  userRoutes,
  auditRoutes,
  mediaRoutes,
  uploadRoutes,
  downloadRoutes,
  deviceRoutes,
  appRoutes,
  deviceProtocolRoutes,
  shareLinkRoutes,
]
