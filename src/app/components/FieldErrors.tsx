// Messages under an input: message keys (or server sentences) in role="alert".
import { Message } from '../../../renderers/ui/Message';

export function FieldErrors({ messages, id, values }: { messages: readonly string[] | undefined; id?: string; values?: Record<string, string | number> }) {
  if (!messages || messages.length === 0) return null;
  return (
    <ul className="field-errors" role="alert" id={id}>
      {messages.map((m, i) => (
        <li key={i}>
          <Message value={m} values={values} />
        </li>
      ))}
    </ul>
  );
}
