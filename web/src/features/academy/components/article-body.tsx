/** An article's text as React elements (./article.ts): headings, lists, paragraphs and bold, never HTML. */
import { parseArticle, parseInline } from '../article';
import styles from './academy.module.css';

function Inline({ text }: { text: string }) {
  return <>{parseInline(text).map((span, index) => (span.bold ? <strong key={index}>{span.text}</strong> : span.text))}</>;
}

export function ArticleBody({ text }: { text: string }) {
  return (
    <div className={styles.article}>
      {parseArticle(text).map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return block.level === 2 ? (
              <h3 key={index}>
                <Inline text={block.text} />
              </h3>
            ) : (
              <h4 key={index}>
                <Inline text={block.text} />
              </h4>
            );
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={index}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>
                    <Inline text={item} />
                  </li>
                ))}
              </List>
            );
          }
          case 'paragraph':
            return (
              <p key={index}>
                <Inline text={block.text} />
              </p>
            );
        }
      })}
    </div>
  );
}
