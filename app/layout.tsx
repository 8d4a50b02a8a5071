import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTimeZone, getTranslations } from "next-intl/server";
import { ClientPrompts } from "@/components/devices/ClientPrompts";
import { Providers } from "@/components/shell/Providers";
import type { Edition } from "@/lib/edition/edition";
import { editionOfRequest } from "@/lib/edition/request-edition";
import { pickMessages, SHELL_MESSAGES } from "@/lib/i18n/client-messages";
import "./globals.css";

async function requestEdition(): Promise<Edition> {
  const h = await headers();
  return editionOfRequest(h);
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  const name = t("app.name");
  return {
    title: { default: name, template: `%s · ${name}` },
    description: t("app.description"),
    applicationName: name,
    icons: { icon: "/favicon.svg" },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#4f46e5",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, messages, edition, timeZone] = await Promise.all([getLocale(), getMessages(), requestEdition(), getTimeZone()]);
  return (
    <html lang={locale} data-edition={edition}>
      <body>
        {/* The shell's messages only: each area's layout adds its own (components/shell/MessagesScope). */}
        <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={pickMessages(messages, SHELL_MESSAGES)}>
          <Providers edition={edition}>
            {children}
            <ClientPrompts />
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
