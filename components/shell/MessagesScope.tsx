"use client";
// Adds an area's messages to those the root layout gave every page (lib/i18n/client-messages.ts):
// only the added ones travel with the page, merged here with the ones already in the browser.
import { useMemo, type ReactNode } from "react";
import { NextIntlClientProvider, useLocale, useMessages, useTimeZone, type AbstractIntlMessages } from "next-intl";

export function MessagesScope({ messages, children }: { messages: AbstractIntlMessages; children: ReactNode }) {
  const shell = useMessages();
  const locale = useLocale();
  // Passed on: a nested provider does not inherit the time zone, and relative times need one.
  const timeZone = useTimeZone();
  const merged = useMemo(() => ({ ...shell, ...messages }), [shell, messages]);
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
