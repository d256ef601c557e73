// Reordering a list by dragging its rows (the page editor's pages and blocks), beside the up and down
// buttons that do the same from the keyboard. HTML5 drag and drop: the row being dragged is remembered
// by index; dropping it on another row puts it in that row's place.
import { useState, type DragEvent } from 'react';

/** An item moved from one index to another, the rest in order (indexes out of range: unchanged). */
export function movedTo<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export interface DragRowProps {
  draggable: true;
  'data-dragging'?: true;
  'data-drop-target'?: true;
  onDragStart: (event: DragEvent) => void;
  onDragOver: (event: DragEvent) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent) => void;
  onDragEnd: () => void;
}

/** The props of each row (`rowProps(index)`); `onMove(from, to)` is called on a drop on another row. */
export function useDragReorder(onMove: (from: number, to: number) => void): (index: number) => DragRowProps {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const end = () => {
    setDragging(null);
    setOver(null);
  };
  return (index) => ({
    draggable: true,
    ...(dragging === index ? { 'data-dragging': true as const } : {}),
    ...(over === index && dragging !== index ? { 'data-drop-target': true as const } : {}),
    onDragStart: (event) => {
      setDragging(index);
      event.dataTransfer.effectAllowed = 'move';
      // Firefox starts a drag only with some data.
      event.dataTransfer.setData('text/plain', String(index));
    },
    onDragOver: (event) => {
      if (dragging === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== index) setOver(index);
    },
    onDragLeave: () => setOver((current) => (current === index ? null : current)),
    onDrop: (event) => {
      event.preventDefault();
      if (dragging !== null && dragging !== index) onMove(dragging, index);
      end();
    },
    onDragEnd: end,
  });
}
