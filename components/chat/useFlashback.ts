"use client";
// The flashback review's state: configuration (with the server's introduction
// and defaults) → practice (questions stream in, each answer is checked by the
// server) → result. Leaving the review unmounts this and stops any stream.
import { useCallback, useEffect, useState } from "react";
import type { PublicQuizQuestion, Verdict } from "@/lib/server/stream-events";
import { askApi, type FlashbackIntroduction, type FlashbackSettings } from "@/lib/analysis/analysis.client";
import { errorMessage } from "@/lib/client/api-errors";
import { streamFailure, useAskStream } from "./useAskStream";

export type FlashbackPhase = "config" | "practice" | "result";

export interface QuizProgress {
  quizId: string | null;
  /** The server's opening line ("Here are your 3 questions."). */
  intro: string;
  questions: PublicQuizQuestion[];
  /** Questions are still streaming in. */
  loading: boolean;
  error: string | null;
}

export interface AnswerProgress {
  selected: number[];
  checking: boolean;
  verdict: Verdict | null;
  error: string | null;
}

export interface FlashbackTexts {
  introFailed: string;
  startFailed: string;
  noQuestions: string;
  checkFailed: string;
}

const emptyQuiz: QuizProgress = { quizId: null, intro: "", questions: [], loading: false, error: null };
const emptyAnswer: AnswerProgress = { selected: [], checking: false, verdict: null, error: null };

export function useFlashback(taskId: string, texts: FlashbackTexts) {
  const [introduction, setIntroduction] = useState<FlashbackIntroduction | null>(null);
  const [introError, setIntroError] = useState<string | null>(null);
  const [introLoads, setIntroLoads] = useState(0);
  const [settings, setSettings] = useState<FlashbackSettings | null>(null);
  const [phase, setPhase] = useState<FlashbackPhase>("config");
  const [quiz, setQuiz] = useState<QuizProgress>(emptyQuiz);
  const [answers, setAnswers] = useState<Record<string, AnswerProgress>>({});
  const [index, setIndex] = useState(0);
  const [lastVerdict, setLastVerdict] = useState<Verdict | null>(null);
  const stream = useAskStream();
  const { introFailed, startFailed, noQuestions, checkFailed } = texts;

  useEffect(() => {
    let cancelled = false;
    setIntroError(null);
    askApi
      .introduction()
      .then((intro) => {
        if (cancelled) return;
        setIntroduction(intro);
        setSettings((cur) => cur ?? intro.defaults);
      })
      .catch((e: unknown) => !cancelled && setIntroError(errorMessage(e, introFailed)));
    return () => {
      cancelled = true;
    };
  }, [introLoads, introFailed]);

  const start = useCallback(
    (chosen: FlashbackSettings) => {
      const signal = stream.begin();
      setSettings(chosen);
      setPhase("practice");
      setIndex(0);
      setAnswers({});
      setLastVerdict(null);
      setQuiz({ ...emptyQuiz, loading: true });
      askApi
        .startFlashback(taskId, chosen, {
          signal,
          onText: (full) => !signal.aborted && setQuiz((q) => ({ ...q, intro: full.trim() })),
          onEvent: (event) => {
            if (signal.aborted || event.type !== "question") return;
            setQuiz((q) => ({ ...q, quizId: event.quizId, questions: [...q.questions, event.question] }));
          },
        })
        .then(() => setQuiz((q) => ({ ...q, loading: false, error: q.questions.length ? null : noQuestions })))
        .catch((e: unknown) => {
          const failure = streamFailure(e, startFailed);
          if (!failure.stopped) setQuiz((q) => ({ ...q, loading: false, error: failure.message }));
        });
    },
    [taskId, stream, noQuestions, startFailed],
  );

  const patchAnswer = useCallback((questionId: string, change: Partial<AnswerProgress>) => {
    setAnswers((cur) => ({ ...cur, [questionId]: { ...(cur[questionId] ?? emptyAnswer), ...change } }));
  }, []);

  const question = quiz.questions[index] ?? null;
  const answer = question ? (answers[question.id] ?? emptyAnswer) : emptyAnswer;

  /** Radios replace the choice; checkboxes toggle it. */
  const choose = (option: number) => {
    if (!question || answer.verdict || answer.checking) return;
    const selected = question.kind === "multiple" ? (answer.selected.includes(option) ? answer.selected.filter((o) => o !== option) : [...answer.selected, option].sort((a, b) => a - b)) : [option];
    patchAnswer(question.id, { selected, error: null });
  };

  const submit = () => {
    if (!question || !quiz.quizId || !answer.selected.length || answer.checking || answer.verdict) return;
    const questionId = question.id;
    const signal = stream.begin();
    // Filled in by the verdict event; a holder object, because the callback assigns it.
    const received: { verdict?: Verdict } = {};
    patchAnswer(questionId, { checking: true, error: null });
    askApi
      .checkAnswer(taskId, quiz.quizId, questionId, answer.selected, {
        signal,
        onEvent: (event) => {
          if (event.type === "verdict" && !signal.aborted) received.verdict = event.verdict;
        },
      })
      .then(() => {
        const verdict = received.verdict;
        if (!verdict) throw new Error(checkFailed);
        patchAnswer(questionId, { checking: false, verdict });
        setLastVerdict(verdict);
      })
      .catch((e: unknown) => {
        const failure = streamFailure(e, checkFailed);
        patchAnswer(questionId, { checking: false, error: failure.stopped ? null : failure.message });
      });
  };

  const isLast = !quiz.loading && index >= quiz.questions.length - 1;
  const next = () => {
    // Past the last question received while more still stream in, the practice shows a spinner until it arrives.
    if (isLast) setPhase("result");
    else setIndex(index + 1);
  };

  /** Back to the configuration for another quiz; the last settings stay chosen. */
  const restart = () => {
    stream.abort();
    setQuiz(emptyQuiz);
    setPhase("config");
  };

  // Moved past the last question while more were expected, and none came: the review is over.
  const ranOut = phase === "practice" && !quiz.loading && !quiz.error && quiz.questions.length > 0 && index >= quiz.questions.length;

  // While questions still stream, the requested count is the best guess of the total.
  const total = quiz.loading ? Math.max(quiz.questions.length, settings?.question_count ?? 0) : quiz.questions.length;

  return {
    introduction,
    introError,
    reloadIntroduction: () => setIntroLoads((n) => n + 1),
    settings,
    phase: ranOut ? ("result" as const) : phase,
    quiz,
    question,
    answer,
    index,
    total,
    isLast,
    lastVerdict,
    start,
    choose,
    submit,
    next,
    restart,
    /** Stops whatever streams (the practice stays as it is). */
    stop: stream.abort,
  };
}

export type Flashback = ReturnType<typeof useFlashback>;
