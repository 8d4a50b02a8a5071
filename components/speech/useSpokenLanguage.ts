"use client";
// The spoken-language choice of a dialog that starts a transcription (upload, link, meeting; live
// recording later): the interface language by default, what the server's engine can hear (asked on
// every opening: the operator may connect a speech service meanwhile), and whether a start would be refused.
import { useEffect, useState } from "react";
import { useLocale } from "next-intl";
import { speechApi } from "@/lib/tasks/task.client";
import { defaultSpokenLanguage, DETECT_LANGUAGE, engineHears, proposedSpokenLanguage, type SpeechLanguageSupport, type SpokenLanguage } from "@/lib/speech/languages";

export interface SpokenLanguageChoice {
  value: SpokenLanguage;
  set: (language: SpokenLanguage) => void;
  /** What the engine takes; null until known (or when the question failed: the server still decides). */
  support: SpeechLanguageSupport | null;
  /** The engine cannot hear this language: the dialog warns and does not start. */
  blocked: boolean;
  /** The choice comes from the files' names, not the interface language (the field says so). */
  fromFileNames: boolean;
}

/** `fileNames`: the files about to be transcribed; a name in another language's script proposes that language (proposedSpokenLanguage). */
export function useSpokenLanguage(open: boolean, fileNames: readonly string[] = []): SpokenLanguageChoice {
  const locale = useLocale();
  const [support, setSupport] = useState<SpeechLanguageSupport | null>(null);
  const [picked, setPicked] = useState<SpokenLanguage | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    speechApi.config().then(
      (s) => live && setSupport(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [open]);

  const interfaceLanguage = defaultSpokenLanguage(locale);
  const proposed = proposedSpokenLanguage(locale, fileNames, support);
  // "Detect" picked while a service was connected means the interface language once the engine cannot detect.
  const value = picked === DETECT_LANGUAGE && support && !support.detect ? interfaceLanguage : (picked ?? proposed.language);
  const fromFileNames = picked === null && proposed.fromFileNames;
  return { value, set: setPicked, support, blocked: support !== null && !engineHears(support, value), fromFileNames };
}
