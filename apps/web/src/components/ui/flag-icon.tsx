import type { Language } from '@guildhall/contract';
import { useId } from 'react';

/** A small flag standing for a language. Decorative: the button holding it carries the name. */
export function FlagIcon({ language }: { language: Language }) {
  return language === 'fr' ? <FrenchFlag /> : <BritishFlag />;
}

function FrenchFlag() {
  return (
    <svg viewBox="0 0 3 2" width="28" height="19" aria-hidden="true" focusable="false">
      <rect width="1" height="2" x="0" fill="#002654" />
      <rect width="1" height="2" x="1" fill="#ffffff" />
      <rect width="1" height="2" x="2" fill="#ce1126" />
    </svg>
  );
}

function BritishFlag() {
  // Each flag on the page needs its own clip path id.
  const clipId = useId();
  return (
    <svg viewBox="0 0 60 30" width="28" height="14" aria-hidden="true" focusable="false">
      <clipPath id={clipId}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#ffffff" strokeWidth="6" />
      <path
        d="M0,0 L60,30 M60,0 L0,30"
        clipPath={`url(#${clipId})`}
        stroke="#c8102e"
        strokeWidth="4"
      />
      <path d="M30,0 v30 M0,15 h60" stroke="#ffffff" strokeWidth="10" />
      <path d="M30,0 v30 M0,15 h60" stroke="#c8102e" strokeWidth="6" />
    </svg>
  );
}
