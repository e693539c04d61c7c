/**
 * Dragging a modal by its header, kept inside the viewport (spec 02 §2 Error modal: "Modals can be dragged by their
 * header and stay inside the viewport").
 */
import { useCallback, useRef, useState, type CSSProperties, type PointerEvent, type RefObject } from 'react';

/** What a modal spreads: `contentRef` and `contentStyle` on its content, `handleProps` on its header. */
export interface DraggableModal {
  readonly contentRef: RefObject<HTMLDivElement | null>;
  /** The offset from where the modal opened, as a CSS `translate` (px), so it adds to the dialog's own transforms. */
  readonly contentStyle: CSSProperties;
  readonly handleProps: {
    onPointerDown(event: PointerEvent<HTMLElement>): void;
    readonly style: CSSProperties;
  };
}

/**
 * Drag state for one modal. A drag starts with the primary button on the header (not on a control in it), follows the
 * pointer (captured, so it works outside the header), and is clamped so the whole content stays in the viewport.
 */
export function useDraggableModal(): DraggableModal {
  const contentRef = useRef<HTMLDivElement | null>(null);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const content = contentRef.current;
      if (event.button !== 0 || !content || (event.target as Element).closest('button, input, a, textarea, select')) return;
      event.preventDefault();
      const handle = event.currentTarget;
      handle.setPointerCapture(event.pointerId);
      const start = { x: event.clientX, y: event.clientY, offset, rect: content.getBoundingClientRect() };
      const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));
      const move = (moveEvent: globalThis.PointerEvent) => {
        const dx = clamp(moveEvent.clientX - start.x, -start.rect.left, window.innerWidth - start.rect.right);
        const dy = clamp(moveEvent.clientY - start.y, -start.rect.top, window.innerHeight - start.rect.bottom);
        setOffset({ x: start.offset.x + dx, y: start.offset.y + dy });
      };
      const end = () => {
        handle.removeEventListener('pointermove', move);
        handle.removeEventListener('pointerup', end);
        handle.removeEventListener('pointercancel', end);
      };
      handle.addEventListener('pointermove', move);
      handle.addEventListener('pointerup', end);
      handle.addEventListener('pointercancel', end);
    },
    [offset],
  );
  return {
    contentRef,
    contentStyle: { translate: `${offset.x}px ${offset.y}px` },
    handleProps: { onPointerDown, style: { cursor: 'move', touchAction: 'none', userSelect: 'none' } },
  };
}
