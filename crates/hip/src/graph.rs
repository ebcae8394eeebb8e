//! Graphs and stream capture.
