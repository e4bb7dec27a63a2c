import { Fragment, type ReactNode } from 'react';

/** Fills {name} placeholders of a translated sentence with elements (links inside text). */
export function rich(template: string, parts: Record<string, ReactNode>): ReactNode {
  return template.split(/(\{\w+\})/).map((piece, index) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed sentence never reorder
    return <Fragment key={index}>{name && name in parts ? parts[name] : piece}</Fragment>;
  });
}

/**
 * An e-mail address inside a sentence: wraps as one word with its punctuation; one longer than a
 * line breaks before the @ and after a dot (team.lead / @example.com), not wherever it runs out.
 */
export function Email({ value }: { value: string }) {
  const pieces = value.split(/(?=@)|(?<=\.)/);
  return (
    <strong className="email">
      {pieces.map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one address never reorder
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </strong>
  );
}
