"use client";
// The collaborator list of one task, with add and remove that keep it current.
import { useCallback, useEffect, useState } from "react";
import { collabApi, type Collaborator } from "@/lib/collab/collaborators.client";

export function useCollaborators(taskId: string) {
  const [items, setItems] = useState<Collaborator[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  const load = useCallback(async () => {
    try {
      const res = await collabApi.list(taskId);
      setItems(res.items);
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, [taskId]);

  useEffect(() => {
    void load();
  }, [load]);

  const add = useCallback(
    async (identifier: string) => {
      const { collaborator } = await collabApi.add(taskId, identifier);
      setItems((cur) => [...(cur ?? []).filter((p) => p.userId !== collaborator.userId), collaborator]);
      return collaborator;
    },
    [taskId],
  );

  const remove = useCallback(
    async (userId: string) => {
      await collabApi.remove(taskId, userId);
      setItems((cur) => (cur ?? []).filter((p) => p.userId !== userId));
    },
    [taskId],
  );

  return { items, error, reload: load, add, remove };
}
