import { markupText } from '@/components/ui/safe-markup';

const SUMMARY_LENGTH = 40;

/** A few words of the alert's message, to tell it apart in button names and questions. */
export function alertSummary(message: string): string {
  const text = markupText(message);
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1).trimEnd()}…` : text;
}
