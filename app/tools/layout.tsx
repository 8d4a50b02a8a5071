import type { ReactNode } from "react";
import { Suspense } from "react";
import { getMessages } from "next-intl/server";
import { MessagesScope } from "@/components/shell/MessagesScope";
import { ToolsFooter } from "@/components/tools/ToolsFooter";
import { ToolsHeader } from "@/components/tools/ToolsHeader";
import { pickMessages, TOOLS_MESSAGES } from "@/lib/i18n/client-messages";
import { requestEdition } from "@/lib/tools/request-edition";
import styles from "@/components/tools/tools.module.css";
// The app's design tokens: shared dialogs (Modal, the rewards dialog) read them.
import theme from "@/components/ui/theme.module.css";

// The tools site's frame (screens and routes "Tools site routes"): header with the tools, language and
// sign-in state, the page, and a footer. Pages never wait on sign-in (states and transitions).
export default async function ToolsLayout({ children }: { children: ReactNode }) {
  const [edition, messages] = await Promise.all([requestEdition(), getMessages()]);
  const china = edition === "china";
  return (
    <MessagesScope messages={pickMessages(messages, TOOLS_MESSAGES)}>
      <div className={theme.theme}>
        <div className={styles.site}>
          <Suspense>
            <ToolsHeader />
          </Suspense>
          <div className={styles.main}>{children}</div>
          <ToolsFooter china={china} />
        </div>
      </div>
    </MessagesScope>
  );
}
