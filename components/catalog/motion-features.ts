// Loaded on demand by LazyMotion: the animation features framer-motion needs for fade-up entrances.
import { domAnimation } from 'framer-motion';

export default domAnimation;
