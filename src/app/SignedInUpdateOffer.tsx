// The update offer of the signed-in area, where this tab may be moving bytes: the queues say how many
// transfers are active, and src/app/UpdateBanner.tsx decides from that whether Reload waits. Loaded lazily.
import { isActiveDownload } from '../transfers/downloadModel.ts'
import { useDownloadQueue } from '../transfers/downloads.ts'
import { isActiveUpload } from '../transfers/uploadModel.ts'
import { useUploads } from '../transfers/uploads.ts'
import { UpdateOffer } from './UpdateBanner.tsx'

export default function SignedInUpdateOffer({ apply }: { apply: () => void }) {
  const uploads = useUploads().queue.items.filter(isActiveUpload).length
  const downloads = useDownloadQueue().items.filter(isActiveDownload).length
  return <UpdateOffer apply={apply} activeTransfers={uploads + downloads} />
}
