// The ordered list of migrations. Each is a module so the SQL ships inside the server bundle. Ids are
// timestamps: never rename, edit or remove one that has been released; add a new one instead.
import plans from './20261121043000_plans.ts'
import accounts from './20261121050000_accounts.ts'
import media from './20261121060000_media.ts'
import mediaListing from './20261121070000_media_listing.ts'
import loginAttempts from './20261123010000_login_attempts.ts'
import mediaDirCounts from './20261123200000_media_dir_counts.ts'
import administration from './20261125100000_administration.ts'
import mediaDirDeletedCounts from './20261125120000_media_dir_deleted_counts.ts'
import devices from './20261125140000_devices.ts'
import holdingsPerMount from './20261125150000_holdings_per_mount.ts'
import usage from './20261125160000_usage.ts'
import networkStores from './20261125170000_network_stores.ts'
import retention from './20261125180000_retention.ts'
import jobs from './20261125190000_jobs.ts'
import billing from './20261125200000_billing.ts'
import domainPrefixHold from './20261125210000_domain_prefix_hold.ts'
import revokeFormerMembersDevices from './20261126100000_revoke_former_members_devices.ts'
import serverKeyCheck from './20261126110000_server_key_check.ts'
import contentProof from './20261128010000_content_proof.ts'
import auditUserIndex from './20261128064000_audit_user_index.ts'
import mediaDerivative from './20261128100000_media_derivative.ts'
import networkStoreAliases from './20261128130000_network_store_aliases.ts'
import shareLinks from './20261128170000_share_links.ts'
import derivativeBackfill from './20261128200000_derivative_backfill.ts'

export interface Migration {
  id: string
  sql: string
}

export const migrations: readonly Migration[] = [
  { id: '20261121043000_plans', sql: plans },
  { id: '20261121050000_accounts', sql: accounts },
  { id: '20261121060000_media', sql: media },
  { id: '20261121070000_media_listing', sql: mediaListing },
  { id: '20261123010000_login_attempts', sql: loginAttempts },
  { id: '20261123200000_media_dir_counts', sql: mediaDirCounts },
  { id: '20261125100000_administration', sql: administration },
  { id: '20261125120000_media_dir_deleted_counts', sql: mediaDirDeletedCounts },
  { id: '20261125140000_devices', sql: devices },
  { id: '20261125150000_holdings_per_mount', sql: holdingsPerMount },
  { id: '20261125160000_usage', sql: usage },
  { id: '20261125170000_network_stores', sql: networkStores },
  { id: '20261125180000_retention', sql: retention },
  { id: '20261125190000_jobs', sql: jobs },
  { id: '20261125200000_billing', sql: billing },
  { id: '20261125210000_domain_prefix_hold', sql: domainPrefixHold },
  { id: '20261126100000_revoke_former_members_devices', sql: revokeFormerMembersDevices },
  { id: '20261126110000_server_key_check', sql: serverKeyCheck },
  { id: '20261128010000_content_proof', sql: contentProof },
  { id: '20261128064000_audit_user_index', sql: auditUserIndex },
  { id: '20261128100000_media_derivative', sql: mediaDerivative },
  { id: '20261128130000_network_store_aliases', sql: networkStoreAliases },
  { id: '20261128170000_share_links', sql: shareLinks },
  { id: '20261128200000_derivative_backfill', sql: derivativeBackfill },
]
