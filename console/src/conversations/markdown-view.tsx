import type { ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from './markdown';

/** Inlines as React elements: text is a text node, never markup. */
function inlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'strong':
        return <strong key={i}>{inlines(node.children)}</strong>;
      case 'em':
        return <em key={i}>{inlines(node.children)}</em>;
      case 'link':
        return (
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {inlines(node.children)}
          </a>
        );
      case 'break':
        return <br key={i} />;
    }
  });
}

function blocks(nodes: Block[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'paragraph':
        return <p key={i}>{inlines(node.children)}</p>;
      case 'heading': {
        // Message headings sit under the panel's own h3, so they start at h4 whatever level was written.
        const Tag = (['h4', 'h5', 'h6', 'h6', 'h6', 'h6'] as const)[node.level - 1];
        return <Tag key={i}>{inlines(node.children)}</Tag>;
      }
      case 'code':
        return (
          <pre key={i} className="conv-code" data-language={node.language ?? undefined}>
            <code>{node.text}</code>
          </pre>
        );
      case 'list':
        return node.ordered ? (
          <ol key={i} start={node.start}>
            {node.items.map((item, k) => <li key={k}>{blocks(item)}</li>)}
          </ol>
        ) : (
          <ul key={i}>
            {node.items.map((item, k) => <li key={k}>{blocks(item)}</li>)}
          </ul>
        );
      case 'quote':
        return <blockquote key={i}>{blocks(node.children)}</blockquote>;
      case 'rule':
        return <hr key={i} />;
    }
  });
}

/** Model text rendered as Markdown, safely (see markdown.ts). */
export function MarkdownView({ text }: { text: string }) {
  return <div className="conv-markdown">{blocks(parseMarkdown(text))}</div>;
}
