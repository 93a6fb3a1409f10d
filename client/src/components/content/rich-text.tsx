import type { ReactNode } from 'react';

/** A Contentful rich-text node; only a safe subset is rendered, everything else is dropped. */
interface RichNode {
  nodeType: string;
  value?: string;
  marks?: { type: string }[];
  data?: { uri?: unknown };
  content?: RichNode[];
}

const isNode = (value: unknown): value is RichNode => typeof value === 'object' && value !== null && typeof (value as RichNode).nodeType === 'string';

/** Only web and site-relative links: `javascript:` and friends never reach an href. */
export const safeHref = (uri: unknown): string | null => {
  if (typeof uri !== 'string') return null;
  if (/^\/(?!\/)/.test(uri)) return uri;
  try {
    const url = new URL(uri);
    return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:' || url.protocol === 'tel:' ? url.href : null;
  } catch {
    return null;
  }
};

const renderText = (node: RichNode, key: number): ReactNode => {
  let out: ReactNode = node.value ?? '';
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold') out = <strong>{out}</strong>;
    else if (mark.type === 'italic') out = <em>{out}</em>;
    else if (mark.type === 'underline') out = <u>{out}</u>;
  }
  return <span key={key}>{out}</span>;
};

const renderNodes = (nodes: RichNode[] | undefined): ReactNode[] => (nodes ?? []).filter(isNode).map(renderNode);

function renderNode(node: RichNode, key: number): ReactNode {
  const children = renderNodes(node.content);
  switch (node.nodeType) {
    case 'text':
      return renderText(node, key);
    case 'paragraph':
      return <p key={key}>{children}</p>;
    case 'heading-2':
      return <h2 key={key}>{children}</h2>;
    case 'heading-3':
      return <h3 key={key}>{children}</h3>;
    case 'heading-4':
      return <h4 key={key}>{children}</h4>;
    case 'unordered-list':
      return <ul key={key}>{children}</ul>;
    case 'ordered-list':
      return <ol key={key}>{children}</ol>;
    case 'list-item':
      return <li key={key}>{children}</li>;
    case 'hyperlink': {
      const href = safeHref(node.data?.uri);
      return href ? (
        <a key={key} href={href} rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <span key={key}>{children}</span>
      );
    }
    default:
      return null;
  }
}

/** Content text: plain paragraphs, or a rich-text document rendered as a safe subset. Never raw HTML. */
export function RichText({ paragraphs, body }: { paragraphs?: unknown; body?: unknown }) {
  return (
    <>
      {Array.isArray(paragraphs) && paragraphs.filter((p): p is string => typeof p === 'string').map((p, i) => <p key={`p${i}`}>{p}</p>)}
      {isNode(body) && body.nodeType === 'document' && renderNodes(body.content)}
    </>
  );
}
