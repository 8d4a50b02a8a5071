import { clientDownloads } from "@/components/devices/downloads";
import { ClientPromptsView } from "@/components/devices/ClientPromptsView";

/** Server side of the client prompts: hands the configured download links to the browser. */
export function ClientPrompts() {
  return <ClientPromptsView downloads={clientDownloads()} />;
}
