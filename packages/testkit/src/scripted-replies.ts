/**
 * The scripted chat server (a TEST DOUBLE, scripted-chat-server.ts) of one test file: started
 * before the file's tests and closed after them. `answer(...replies)` scripts the replies of the
 * test running now, one per request, in order; a request past them gets a 500 that says so, so a
 * test that makes one request more than it scripted fails on it instead of hanging.
 */
import { afterAll, beforeAll } from "vitest";
import { type ScriptedChatServer, type ScriptedReply, scriptedChatServer } from "./scripted-chat-server.js";

export interface ScriptedReplies {
  /** The replies of the test running now, in order. */
  answer(...next: ScriptedReply[]): void;
  /** How many of the replies scripted last no request has taken yet. */
  unused(): number;
  /** The server, once the file's tests have started. */
  readonly server: ScriptedChatServer;
}

export function scriptedReplies(): ScriptedReplies {
  let replies: ScriptedReply[] = [];
  const file = serverForFile(() => replies.shift() ?? { status: 500, body: '{"error":{"message":"the test scripted no more replies"}}' });
  return {
    answer: (...next) => {
      replies = next;
    },
    unused: () => replies.length,
    get server() {
      return file.server;
    },
  };
}

/** A scripted chat server for one test file that gives every request the same reply. */
export function scriptedReplyForFile(reply: ScriptedReply): { readonly server: ScriptedChatServer } {
  return serverForFile(() => reply);
}

function serverForFile(script: () => ScriptedReply): { readonly server: ScriptedChatServer } {
  let server: ScriptedChatServer | undefined;
  beforeAll(async () => {
    server = await scriptedChatServer(script);
  });
  afterAll(() => server?.close());
  return {
    get server() {
      if (server === undefined) throw new Error("the scripted chat server starts before the file's tests: read it inside a test");
      return server;
    },
  };
}
