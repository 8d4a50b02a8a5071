import { clientDownloads } from "./downloads";
import { ClientPromptsView } from "./ClientPromptsView";

/** Server side of the client prompts: hands the configured download links to the browser. */
export function ClientPrompts() {
  return <ClientPromptsView downloads={clientDownloads()} />;
}
