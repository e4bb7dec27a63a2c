import { Fragment, type ReactNode } from 'react';

/** Fills {name} placeholders of a translated sentence with elements (links inside text). */
export function rich(template: string, parts: Record<string, ReactNode>): ReactNode {
  return template.split(/(\{\w+\})/).map((piece, index) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed sentence never reorder
    return <Fragment key={index}>{name && name in parts ? parts[name] : piece}</Fragment>;
  });
}

/** An e-mail address inside a sentence: moves to its own line rather than breaking mid-address. */
export function Email({ value }: { value: string }) {
  return <strong className="email">{value}</strong>;
}
