/*
 * Events (decision 037): the upcoming occurrences, an occurrence's page, a series for its form,
 * and the member's answer. Everything about events is cached under 'events', so that an answer
 * or an edit on one screen reaches the others (the dashboard's card, the list, the page).
 */
export const eventsQueryKeys = {
  all: ['events'] as const,
  /** Every list of occurrences starts with this: an answer updates them all. */
  lists: () => [...eventsQueryKeys.all, 'list'] as const,
  list: (limit: number) => [...eventsQueryKeys.lists(), limit] as const,
  occurrence: (id: string) => [...eventsQueryKeys.all, 'occurrence', id] as const,
  event: (id: string) => [...eventsQueryKeys.all, 'event', id] as const,
  /** An occurrence's attendance, for its managers once it has started. */
  attendance: (id: string) => [...eventsQueryKeys.all, 'attendance', id] as const,
  /** A calendar's range: a list too, which an answer updates like the others. */
  between: (from: string, to: string) => [...eventsQueryKeys.lists(), from, to] as const,
  /** A team's next ones: a list too. */
  team: (teamId: string, limit: number) =>
    [...eventsQueryKeys.lists(), 'team', teamId, limit] as const,
  /** The events list, a page at a time: a list too, its pages cached together. */
  paged: () => [...eventsQueryKeys.lists(), 'paged'] as const,
};
