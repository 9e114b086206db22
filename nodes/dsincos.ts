/** The angle pair lives with the runtime (formations build their circle table with it); re-exported for the nodes. */
export { dsincos } from '../runtime/dsincos';
