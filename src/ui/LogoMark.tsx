// The console's mark beside its name in the headers. The drawing is src/assets/logo.svg, also the tab's icon
// (index.html): small enough that the build writes it into the page as a data URL, so neither asks the
// server for a file while the first screen loads.
import logoUrl from '../assets/logo.svg?inline'

export function LogoMark() {
  return <img src={logoUrl} alt="" width={32} height={32} />
}
