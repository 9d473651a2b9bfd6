"""A table-scene video simulator with ground truth, for end-to-end tests, benchmarks and the demo recording.

`script.deal_script` plays a seeded legal deal (Lindor rules); `scene.TableScene` films it: a fixed camera over
a table with the printed mat, chips in the boxes, skin-coloured arms reaching from the seats, cards laid on the
pile, sweeps and the showdown; `record.record_deal` writes the video, its calib.json and the expected events.
"""
