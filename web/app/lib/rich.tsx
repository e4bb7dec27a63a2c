import { Fragment, type ReactNode } from 'react';

/** Fills {name} placeholders of a translated sentence with elements (links inside text). */
export function rich(template: string, parts: Record<string, ReactNode>): ReactNode {
  return template.split(/(\{\w+\})/).map((piece, index) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed sentence never reorder
    return <Fragment key={index}>{name && name in parts ? parts[name] : piece}</Fragment>;
  });
}

/** An e-mail address inside a sentence: wraps as one word with its punctuation, broken only if longer than a line. */
export function Email({ value }: { value: string }) {
  return <strong className="email">{value}</strong>;
}
