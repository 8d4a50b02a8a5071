import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTimeZone, getTranslations } from "next-intl/server";
import { ClientPrompts } from "@/components/clients/ClientPrompts";
import { Providers } from "@/components/shell/Providers";
import { editionForHost, type Edition } from "@/lib/edition/edition";
import { pickMessages, SHELL_MESSAGES } from "@/lib/i18n/client-messages";
import { env } from "@/lib/server/env";
import "./globals.css";

async function requestEdition(): Promise<Edition> {
  const h = await headers();
  return editionForHost(h.get("x-forwarded-host") ?? h.get("host"), env().EDITION, env().CHINA_HOSTS);
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
