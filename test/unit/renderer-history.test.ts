import { describe, expect, it } from 'vitest';
import { History } from '../../src/renderer/src/model/history';

describe('History', () => {
  it('undoes and redoes in order', () => {
    const h = new History('a');
    h.push('b');
    h.push('c');
    expect(h.current).toBe('c');
    expect(h.undo()).toBe('b');
    expect(h.undo()).toBe('a');
    expect(h.undo()).toBeUndefined();
    expect(h.canUndo).toBe(false);
    expect(h.redo()).toBe('b');
    expect(h.redo()).toBe('c');
    expect(h.redo()).toBeUndefined();
    expect(h.canRedo).toBe(false);
  });

  it('drops the redo branch when a new state is pushed after undo', () => {
    const h = new History(0);
    h.push(1);
    h.push(2);
    h.undo();
    h.push(3);
    expect(h.canRedo).toBe(false);
    expect(h.undo()).toBe(1);
    expect(h.redo()).toBe(3);
  });

  it('keeps at most `limit` entries, forgetting the oldest', () => {
    const h = new History(0, 3);
    for (let i = 1; i <= 5; i++) h.push(i);
    expect(h.depth).toBe(2);
    expect(h.undo()).toBe(4);
    expect(h.undo()).toBe(3);
    expect(h.undo()).toBeUndefined();
  });

  it('replace changes the current entry without an undo step; reset forgets all', () => {
    const h = new History('x');
    h.push('y');
    h.replace('z');
    expect(h.current).toBe('z');
    expect(h.undo()).toBe('x');
    h.reset('q');
    expect(h.canUndo || h.canRedo).toBe(false);
    expect(h.current).toBe('q');
    expect(() => new History(1, 1)).toThrow(RangeError);
  });
});
