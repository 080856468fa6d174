"""What goes on a page: the generated blocks, numbers from facts, rule marks, sections, the frame."""
