import { GraphError } from '../core/graph-error';

/** A broadcast that does not exist, or is another organization's or number's: the same 404 code 100. */
export function broadcastNotFound(id: string): GraphError {
  return GraphError.notFound(`Broadcast ${id} does not exist`);
}

/** An action its state does not allow (append once started, resume what is not paused, …): 409 code 100. */
export function broadcastStateConflict(id: string, status: string, action: string): GraphError {
  return GraphError.conflict(`Broadcast ${id} cannot ${action}`, `status: the broadcast is ${status}`);
}
