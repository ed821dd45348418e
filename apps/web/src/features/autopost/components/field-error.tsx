/** A field's problem, read out when it appears; the field points at it with `aria-describedby`. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="autopost-error" role="alert">
      {message}
    </div>
  );
}
