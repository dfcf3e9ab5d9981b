import { describe, expect, it } from 'vitest';
import { chatRoomId, chatRoomMembers } from './chat-room.ts';

describe('chatRoomId', () => {
  it('is the same from either side', () => {
    expect(chatRoomId(8, 3)).toBe('dm-3-8');
    expect(chatRoomId(3, 8)).toBe('dm-3-8');
  });
  it('reads back the two members and refuses other shapes', () => {
    expect(chatRoomMembers('dm-3-8')).toEqual([3, 8]);
    expect(chatRoomMembers('dm-8-3')).toBeNull();
    expect(chatRoomMembers('dm-3-3')).toBeNull();
    expect(chatRoomMembers('room-1')).toBeNull();
    expect(chatRoomMembers('dm-0-2')).toBeNull();
  });
});
