import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';

/**
 * A button disclosing a list (the user menu, the notification bell): closes on a pointer down
 * outside, on Escape (focus back on the button) and when focus leaves for elsewhere on the page.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const handlePointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [open]);

  function handleBlur(event: FocusEvent<HTMLElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && rootRef.current?.contains(next)) return;
    if (next !== null) setOpen(false);
  }

  return {
    open,
    toggle: () => setOpen((value) => !value),
    close: () => setOpen(false),
    rootRef,
    buttonRef,
    listId,
    handleBlur,
  };
}
